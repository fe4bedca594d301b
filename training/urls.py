from django.urls import path

from . import views

app_name = "training"

urlpatterns = [
    path("practice/<slug:slug>/review/", views.review_page, name="review"),
    path("practice/<slug:slug>/review.json", views.review_download, name="review_json"),
]
