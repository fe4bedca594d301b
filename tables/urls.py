from django.urls import path

from . import views

app_name = "tables"

urlpatterns = [
    path("tables/", views.index, name="index"),
    path("tables/new/", views.new, name="new"),
    path("tables/join/", views.join, name="join"),
    path("tables/<str:code>/", views.table_page, name="table"),
    path("tables/<str:code>/state.json", views.state_json, name="state"),
    path("tables/<str:code>/seat/<str:token>/", views.handoff, name="handoff"),
]
