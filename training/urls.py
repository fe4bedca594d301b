from django.urls import path

from . import own_views, rating_views, views

app_name = "training"

urlpatterns = [
    path("practice/<slug:slug>/review/", views.review_page, name="review"),
    path("practice/<slug:slug>/review.json", views.review_download, name="review_json"),
]

urlpatterns += [
    path("puzzles/<int:number>/attempt-token.json", rating_views.attempt_token, name="token"),
    path("puzzles/<int:number>/attempt", rating_views.attempt_record, name="attempt"),
    path("puzzles/next/", rating_views.next_puzzle, name="next"),
    path("puzzles/streak/", rating_views.streak, name="streak"),
    path("puzzles/dashboard/", rating_views.dashboard, name="dashboard"),
    path("puzzles/mine/<slug:key>/", own_views.own_puzzle, name="own_puzzle"),
]
