"""Admin: characters, their logs and the history rows derived from them (tracker.core.admin
says what the admin edits and what it never does)."""

from django.contrib import admin

from tracker.card_rpg.models import ActionLogEntry, Character, Fight, PlaySession
from tracker.card_rpg.projections import CHARACTER_COUNTERS
from tracker.core import games
from tracker.core.admin import LogEntryAdmin, ReadOnly, RecordAdmin, pretty


class PlaySessionInline(ReadOnly, admin.TabularInline):
    model = PlaySession
    fields = ("number", "started_at", "ending", "fight_count", "kills", "deaths", "xp_gained")
    readonly_fields = fields
    extra = 0
    show_change_link = True


@admin.register(Character)
class CharacterAdmin(RecordAdmin):
    game_id = games.CARD_RPG
    derived_models = (PlaySession, Fight)
    list_display = (
        "name",
        "owner",
        "class_card",
        "level",
        "xp",
        "kills",
        "deaths",
        "sessions",
        "phase",
        "updated_at",
    )
    list_filter = ("class_card", "level", "phase")
    list_select_related = ("owner",)
    search_fields = ("name", "owner__username", "class_card")
    date_hierarchy = "created_at"
    inlines = (PlaySessionInline,)
    sections = (
        (None, {"fields": ("name", "owner", "class_card", "phase", "log_link")}),
        (
            "Record sheet (S-03)",
            {
                "fields": (
                    ("level", "str", "hp_max"),
                    ("xp", "xp_next"),
                    ("gold", "jokers"),
                    ("kills", "deaths", "sessions"),
                    "inventory_cards",
                    "ruleset_pretty",
                )
            },
        ),
    )
    derived_fields = (
        "class_card",
        "phase",
        *CHARACTER_COUNTERS,
        "inventory_cards",
        "ruleset_pretty",
    )

    @admin.display(description="inventory")
    def inventory_cards(self, obj):
        return " ".join(obj.inventory) or "—"

    @admin.display(description="table rules")
    def ruleset_pretty(self, obj):
        return pretty(obj.ruleset)


@admin.register(ActionLogEntry)
class ActionLogEntryAdmin(LogEntryAdmin):
    record_field = "character"
    extra_fields = ("virtual_deck_pretty",)


class FightInline(ReadOnly, admin.TabularInline):
    model = Fight
    fields = ("number", "monster", "outcome", "xp_gained", "damage_dealt", "damage_taken")
    readonly_fields = fields
    extra = 0
    show_change_link = True


@admin.register(PlaySession)
class PlaySessionAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "character",
        "number",
        "started_at",
        "ended_at",
        "ending",
        "fight_count",
        "kills",
        "deaths",
        "xp_gained",
    )
    list_filter = ("ending",)
    list_select_related = ("character",)
    search_fields = ("character__name",)
    inlines = (FightInline,)


@admin.register(Fight)
class FightAdmin(ReadOnly, admin.ModelAdmin):
    list_display = (
        "character",
        "number",
        "monster",
        "monster_kind",
        "level",
        "outcome",
        "xp_gained",
        "damage_dealt",
        "damage_taken",
        "turns",
    )
    list_filter = ("outcome", "monster_kind", "monster_rank")
    list_select_related = ("character",)
    search_fields = ("character__name", "monster")
