"""Admin: characters and their logs, read-only wherever an edit would break the log.

Everything but a character's name is derived from its action log, so the admin shows it and
never edits it; a rename goes through the same service as the app's. Characters are created
(and imported) in the app, where the first log entry is written; deleting one deletes its
whole log, which leaves nothing inconsistent.
"""

import json

from django import forms
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from tracker.card_rpg import services
from tracker.card_rpg.models import ActionLogEntry, Character, Fight, PlaySession
from tracker.rules import ReplayError, RuleError


def _pretty(value) -> str:
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


class ReadOnlyMixin:
    """Rows derived from the log: viewable, never added, changed or deleted by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class PlaySessionInline(ReadOnlyMixin, admin.TabularInline):
    model = PlaySession
    fields = ("number", "started_at", "ending", "fight_count", "kills", "deaths", "xp_gained")
    readonly_fields = fields
    extra = 0
    show_change_link = True


class CharacterAdminForm(forms.ModelForm):
    class Meta:
        model = Character
        fields = ("name",)

    def clean_name(self):
        name = self.cleaned_data["name"]
        try:
            return services.character_name_check(character=self.instance, name=name)
        except RuleError as error:
            raise forms.ValidationError(error.message) from None


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    form = CharacterAdminForm
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
    actions = ("rebuild_from_log",)
    fieldsets = (
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
        (
            "Log and state",
            {
                "classes": ("collapse",),
                "fields": (
                    ("version", "last_seq"),
                    ("created_at", "updated_at"),
                    "state_pretty",
                    "table_state_pretty",
                ),
            },
        ),
    )
    readonly_fields = (
        "owner",
        "class_card",
        "phase",
        "log_link",
        "level",
        "str",
        "hp_max",
        "xp",
        "xp_next",
        "gold",
        "jokers",
        "kills",
        "deaths",
        "sessions",
        "inventory_cards",
        "ruleset_pretty",
        "version",
        "last_seq",
        "created_at",
        "updated_at",
        "state_pretty",
        "table_state_pretty",
    )

    def has_add_permission(self, request):
        # A character begins with its create_character action, written by the app.
        return False

    def get_deleted_objects(self, objs, request):
        # The log, history and inventory go with the character as a whole, which leaves
        # nothing inconsistent; their own admins refuse deleting them one by one.
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        derived = {m._meta.verbose_name for m in (ActionLogEntry, PlaySession, Fight)}
        return deleted, counts, perms_needed - derived, protected

    @admin.display(description="action log")
    def log_link(self, obj):
        url = reverse("admin:tracker_actionlogentry_changelist") + f"?character__id__exact={obj.pk}"
        return format_html('<a href="{}">{} actions</a>', url, obj.last_seq)

    @admin.display(description="inventory")
    def inventory_cards(self, obj):
        return " ".join(obj.inventory) or "—"

    @admin.display(description="table rules")
    def ruleset_pretty(self, obj):
        return _pretty(obj.ruleset)

    @admin.display(description="engine state")
    def state_pretty(self, obj):
        return _pretty(obj.state)

    @admin.display(description="virtual table")
    def table_state_pretty(self, obj):
        return _pretty(obj.table_state)

    def save_model(self, request, obj, form, change):
        # The only editable field; the service bumps the version so open screens reload.
        if change and "name" in form.changed_data:
            current = Character.objects.get(pk=obj.pk)
            services.character_rename(
                character_id=obj.pk,
                owner=current.owner,
                name=obj.name,
                expected_version=current.version,
            )

    @admin.action(description="Replay the log and rebuild state and history")
    def rebuild_from_log(self, request, queryset):
        for character in queryset:
            try:
                services.character_rebuild(character_id=character.pk, owner=character.owner)
            except ReplayError as error:
                self.message_user(request, f"{character}: {error}", messages.ERROR)
            else:
                self.message_user(request, f"{character}: rebuilt from its log.")


@admin.register(ActionLogEntry)
class ActionLogEntryAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("seq", "character", "action_type", "created_at")
    list_filter = ("action_type",)
    list_select_related = ("character",)
    search_fields = ("character__name", "character__owner__username")
    ordering = ("character", "-seq")
    fields = (
        "character",
        "seq",
        "action_type",
        "created_at",
        "action_pretty",
        "state_pretty",
        "table_state_pretty",
    )
    readonly_fields = fields

    @admin.display(description="action")
    def action_pretty(self, obj):
        return _pretty(obj.action)

    @admin.display(description="snapshot of the state after it")
    def state_pretty(self, obj):
        # Only every SNAPSHOT_EVERY-th entry keeps one (tracker/core/models.py).
        return _pretty(obj.snapshot) if obj.snapshot is not None else "—"

    @admin.display(description="virtual table")
    def table_state_pretty(self, obj):
        return _pretty(obj.table_state)


class FightInline(ReadOnlyMixin, admin.TabularInline):
    model = Fight
    fields = ("number", "monster", "outcome", "xp_gained", "damage_dealt", "damage_taken")
    readonly_fields = fields
    extra = 0
    show_change_link = True


@admin.register(PlaySession)
class PlaySessionAdmin(ReadOnlyMixin, admin.ModelAdmin):
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
class FightAdmin(ReadOnlyMixin, admin.ModelAdmin):
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
