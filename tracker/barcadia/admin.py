"""Admin: Heroes of Barcadia tables, their logs, seats and the events derived from them
(tracker.core.admin says what the admin edits and what it never does)."""

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from tracker.barcadia.models import Table, TableEvent, TableLogEntry, TableSeat
from tracker.core.admin import LogEntryAdmin, ReadOnly, RecordAdmin
from tracker.rules.barcadia.engine import GAME


class TableSeatInline(ReadOnly, admin.TabularInline):
    # Seats are the host's to free or hand over in the app, where their phones are told.
    model = TableSeat
    fields = ("number", "name", "user", "joined_at")
    readonly_fields = fields
    extra = 0


@admin.register(Table)
class TableAdmin(RecordAdmin):
    game_id = GAME
    derived_models = (TableEvent, TableSeat)
    list_display = ("name", "owner", "phase", "turn_number", "winner", "updated_at")
    list_filter = ("phase",)
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username", "winner")
    date_hierarchy = "created_at"
    inlines = (TableSeatInline,)
    sections = (
        (None, {"fields": ("name", "owner", "phase", "log_link")}),
        ("The game", {"fields": (("turn_number", "winner"), "events_link")}),
    )
    derived_fields = ("phase", "turn_number", "winner", "events_link")

    @admin.display(description="events")
    def events_link(self, obj):
        url = reverse("admin:tracker_tableevent_changelist") + f"?table__id__exact={obj.pk}"
        return format_html('<a href="{}">{} events</a>', url, obj.events_count)


@admin.register(TableLogEntry)
class TableLogEntryAdmin(LogEntryAdmin):
    record_field = "table"


@admin.register(TableEvent)
class TableEventAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("table", "number", "kind", "turn", "hero", "at")
    list_filter = ("kind",)
    list_select_related = ("table",)
    search_fields = ("table__name", "hero")
    ordering = ("table", "-number")
