"""ASGI entry point: what `manage.py serve` runs (granian).

Django's ordinary pages run through its WSGI handler in a pool of threads of each worker
process (cardrpg/threaded.py says why), behind the request-body limit (cardrpg/body_limit.py).
"""

import os

from django.core.wsgi import get_wsgi_application

from cardrpg.body_limit import BodyLimit
from cardrpg.threaded import ThreadedWSGI

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
application = BodyLimit(
    ThreadedWSGI(get_wsgi_application(), threads=int(os.environ.get("WEB_THREADS", "2")))
)
