from django.urls import path

from . import views

app_name = "tutorial"

urlpatterns = [
    path("tutorials/", views.tutorial_index, name="index"),
    path("tutorials/token/", views.csrf_token, name="token"),
    path("tutorials/<slug:slug>/", views.tutorial_start, name="start"),
    path("tutorials/<slug:slug>/<int:number>/", views.tutorial_step, name="step"),
    path("tutorials/<slug:slug>/<int:number>/check/", views.move_check, name="check"),
]
