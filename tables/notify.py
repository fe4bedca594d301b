"""Telling every seat's connection that the table changed: the group message carries no
cards, only the table's number; each connection then draws its own seat's view."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(table_pk: int) -> str:
    return f"table-{table_pk}"


def changed(table_pk: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group_name(table_pk), {"type": "table.changed"})
    except Exception as exc:  # the seats poll or reconnect: the move itself is stored
        logger.warning("Table %s not notified: %s", table_pk, exc)
