"""An i18n sitemap: one <loc> per language with hreflang alternates and x-default."""

from django.contrib.sitemaps import Sitemap


class I18nSitemap(Sitemap):
    """Every page in every language, each listing the others as hreflang alternates."""

    i18n = True
    alternates = True
    x_default = True
    changefreq = "monthly"
