"""Admin: adventures, their logs and the turns derived from them (tracker.core.admin says what
the admin edits and what it never does)."""

from django.contrib import admin

from tracker.barbarian_vince.game import GAME_ID
from tracker.barbarian_vince.models import Adventure, AdventureLogEntry, AdventureTurn
from tracker.core.admin import LogEntryAdmin, ReadOnly, RecordAdmin


class AdventureTurnInline(ReadOnly, admin.TabularInline):
    model = AdventureTurn
    fields = (
        "number",
        "ended_at",
        "ready_count",
        "exhausted_count",
        "encounter_count",
        "checks_passed",
        "checks_failed",
    )
    readonly_fields = fields
    extra = 0


@admin.register(Adventure)
class AdventureAdmin(RecordAdmin):
    game_id = GAME_ID
    derived_models = (AdventureTurn,)
    list_display = ("name", "owner", "status", "turn", "years", "victories", "updated_at")
    list_filter = ("status",)
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username")
    date_hierarchy = "created_at"
    inlines = (AdventureTurnInline,)
    sections = (
        (None, {"fields": ("name", "owner", "status", "log_link")}),
        ("Journey", {"fields": (("turn", "years", "victories"),)}),
    )
    derived_fields = ("status", "turn", "years", "victories")


@admin.register(AdventureLogEntry)
class AdventureLogEntryAdmin(LogEntryAdmin):
    record_field = "adventure"


@admin.register(AdventureTurn)
class AdventureTurnAdmin(ReadOnly, admin.ModelAdmin):
    list_display = ("adventure", "number", "ended_at", "ready_count", "exhausted_count")
    list_select_related = ("adventure",)
    search_fields = ("adventure__name",)
    ordering = ("adventure", "-number")
