"""ASGI entry point: what `manage.py serve` runs (granian), Django behind the body limit."""

import os
import warnings

from django.core.asgi import get_asgi_application

from cardrpg.body_limit import BodyLimit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
# whitenoise hands Django its static files as plain iterators, which Django reads whole before
# sending under ASGI (and warns so, once per process): the app's files are a few tens of KB.
warnings.filterwarnings(
    "ignore", "StreamingHttpResponse must consume synchronous iterators", category=Warning
)
application = BodyLimit(get_asgi_application())
