from django.urls import path

from . import views

app_name = "rules"

urlpatterns = [
    path("variants/", views.variant_list, name="variant_list"),
    path("variants/<slug:slug>/", views.variant_detail, name="variant_detail"),
    path("variants/<slug:slug>.json", views.variant_json, name="variant_json"),
    path("compare/", views.compare, name="compare"),
    path("glossary/", views.glossary, name="glossary"),
]
