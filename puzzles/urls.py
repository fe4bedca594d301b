from django.urls import path

from . import views

app_name = "puzzles"

urlpatterns = [
    path("puzzles/", views.puzzle_index, name="index"),
    path("puzzles/<int:number>/", views.puzzle_detail, name="detail"),
    path("puzzles/<int:number>.json", views.puzzle_json, name="json"),
]
