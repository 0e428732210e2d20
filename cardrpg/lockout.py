"""Failed passwords counted two ways (django-axes): per user name and address, and per address
alone.

django-axes compares the worst count of its lockout parameters with one limit
(`AXES_FAILURE_LIMIT`, 5). Counted per user name and address only, one phone could try four
passwords on each of any number of names and never be locked; counted per address alone at 5, a
family sharing one phone would lock it with a few typos over their accounts. So the address
alone has a limit of its own, `AXES_ADDRESS_FAILURE_LIMIT` (20): its count is scaled to the
name-and-address limit before the two are compared (exact: ``a * 5 // 20 >= 5`` if and only if
``a >= 20``).
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_lockout_parameters
from django.conf import settings
from django.db.models import Sum


class LockoutHandler(AxesDatabaseHandler):
    """django-axes' database handler, with a limit of its own for an address alone."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        groups = get_lockout_parameters(request, credentials)
        attempts = self.get_user_attempts(request, credentials)
        limit = settings.AXES_FAILURE_LIMIT
        worst = 0
        for group, rows in zip(groups, attempts, strict=True):
            failures = rows.aggregate(total=Sum("failures_since_start"))["total"] or 0
            if group == "ip_address" or group == ["ip_address"]:
                failures = failures * limit // settings.AXES_ADDRESS_FAILURE_LIMIT
            worst = max(worst, failures)
        return worst
