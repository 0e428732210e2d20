"""ASGI entry point: what `manage.py serve` runs (granian).

Django's ordinary pages run through its WSGI handler, behind the request-body limit
(cardrpg/body_limit.py): in WEB_PROCESSES processes fed from one queue (cardrpg/pool.py; what
`manage.py serve` sets), else in a pool of threads of this process (cardrpg/threaded.py says
why). Live streams are held by this process either way.
"""

import os

from django.core.wsgi import get_wsgi_application

from cardrpg.body_limit import BodyLimit
from cardrpg.pool import Pool
from cardrpg.threaded import ThreadedWSGI

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardrpg.settings")
_processes = int(os.environ.get("WEB_PROCESSES", "0"))
application = BodyLimit(
    ThreadedWSGI(
        get_wsgi_application(),
        threads=int(os.environ.get("WEB_THREADS", "2")),
        pool=Pool(_processes) if _processes > 0 else None,
    )
)
