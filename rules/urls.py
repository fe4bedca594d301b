from django.urls import path

from . import house_views, views

app_name = "rules"

urlpatterns = [
    path("variants/", views.variant_list, name="variant_list"),
    path("variants/<slug:slug>/", views.variant_detail, name="variant_detail"),
    path("variants/<slug:slug>.json", views.variant_json, name="variant_json"),
    path("variants/<slug:slug>/house/", house_views.house_form, name="house_form"),
    path("variants/<slug:slug>/house/<str:code>/", house_views.house_detail, name="house_detail"),
    path("variants/<slug:slug>/house/<str:code>.json", house_views.house_json, name="house_json"),
    path("compare/", views.compare, name="compare"),
    path("glossary/", views.glossary, name="glossary"),
]
