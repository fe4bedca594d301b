"""Who a request comes from, as every limit and django-axes count it."""

from django.conf import settings


def client_ip(request) -> str:
    """The visitor's address: behind the load balancer, the last X-Forwarded-For entry.

    The balancer appends the address it saw, so the last entry is the one a client cannot
    forge; without BEHIND_PROXY the header is ignored. django-axes counts failures by it.
    """
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")[-1].strip()
        if forwarded:
            return forwarded[:64]
    return request.META.get("REMOTE_ADDR", "")
