"""Tables, their seats and every move, stored as they happen.

A deal is never stored as cards: it is rebuilt from the secret seed of its public deal id
(practice.ids) and the moves played, so the database, like the pages, holds nothing a
player could read another hand from. Each change bumps `version` with a compare-and-set
(play.py), so two workers never record two moves for one turn; the unique index on moves
is the second lock.
"""

from django.db import models


class Table(models.Model):
    code = models.CharField(max_length=8, unique=True)
    variant = models.CharField(max_length=40)
    kinds = models.JSONField()  # per seat: "friend" or "computer"
    takeback = models.CharField(max_length=8, default="consent")  # "consent" or "off"
    match_id = models.CharField(max_length=10)
    number = models.IntegerField(default=0)  # the deal of the match being played
    start = models.JSONField()  # the match before this deal (scores, dealer, ...)
    pad = models.JSONField(default=list)  # the finished deals of the match
    started = models.BooleanField(default=False)
    version = models.IntegerField(default=0)
    turn_since = models.DateTimeField(null=True)  # when the seat to act got the turn
    request = models.JSONField(null=True, blank=True)  # a take-back asked for
    greetings = models.JSONField(default=list)  # the last few [seat, key]
    created = models.DateTimeField(auto_now_add=True)
    touched = models.DateTimeField(auto_now_add=True)  # the last sign of anyone at it

    def __str__(self) -> str:
        return f"{self.code} ({self.variant})"


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.IntegerField()
    kind = models.CharField(max_length=8)  # "friend" or "computer"
    name = models.CharField(max_length=24, blank=True)
    secret = models.CharField(max_length=64, blank=True)  # sha256 of the cookie's secret
    handoff = models.CharField(max_length=64, blank=True)  # sha256 of a one-time link
    seen = models.DateTimeField(null=True)
    away = models.BooleanField(default=False)  # idle: the computer plays it meanwhile
    seq = models.IntegerField(default=0)  # the last message number accepted from it

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "index"], name="tables_seat_once")]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"seat {self.index} of table {self.table_id}"


class Move(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="moves")
    match_id = models.CharField(max_length=10)
    number = models.IntegerField()
    index = models.IntegerField()
    key = models.CharField(max_length=24)
    player = models.IntegerField()
    by = models.CharField(max_length=8)  # "seat", "computer" (also for an away seat), "auto"
    start = models.BooleanField(default=False)  # a person's move began here (take-back)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "match_id", "number", "index"], name="tables_move_once"
            )
        ]
        ordering = ["index"]

    def __str__(self) -> str:
        return f"{self.key}@{self.player}"
