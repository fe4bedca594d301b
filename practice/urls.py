from django.urls import path

from . import views

app_name = "practice"

urlpatterns = [
    path("practice/", views.practice_index, name="index"),
    path("practice/<slug:slug>/", views.practice_game, name="game"),
]
