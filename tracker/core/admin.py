"""The admin's base for every game: a record and its log, read-only wherever an edit would
break the log.

Everything but a record's name is derived from its action log, so the admin shows it and never
edits it; a rename goes through the core's service (the game's own name rule, the version moved
on so open screens reload). Records are created and imported in the app, where the first log
entry is written; deleting one deletes its whole log and what was derived from it, which leaves
nothing inconsistent. Each game registers its own subclasses (tracker/<game>/admin.py).
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from tracker.core import games
from tracker.core import services as core
from tracker.rules.errors import ReplayError, RuleError


def pretty(value) -> str:
    """A JSON value laid out for reading."""
    return format_html("<pre>{}</pre>", json.dumps(value, indent=2, ensure_ascii=False))


class ReadOnly:
    """Rows derived from the log: viewable, never added, changed or deleted by hand."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RecordNameForm(forms.ModelForm):
    """The one field of a record the admin edits: its name, under the game's name rule."""

    game: games.Game  # set by RecordAdmin.get_form

    def clean_name(self):
        try:
            return self.game.check_name(self.cleaned_data["name"])
        except RuleError as error:
            raise forms.ValidationError(error.message) from None


class RecordAdmin(admin.ModelAdmin):
    """A game's records: searchable, renamed through the core, rebuilt from their logs."""

    game_id: str = ""
    # Rows derived from the log that go with the record when it is deleted (their own admins
    # refuse deleting them one by one).
    derived_models: tuple[type, ...] = ()
    form = RecordNameForm
    actions = ("rebuild_from_log",)
    log_fields = (
        ("version", "last_seq"),
        ("created_at", "updated_at"),
        "state_pretty",
        "virtual_deck_pretty",
    )
    log_readonly_fields = (
        "owner",
        "log_link",
        "version",
        "last_seq",
        "created_at",
        "updated_at",
        "state_pretty",
        "virtual_deck_pretty",
    )

    # The game's own sections of a record's page, and the columns shown there (read only: they
    # follow from the log); the log's section and fields are added to them.
    sections: tuple = ()
    derived_fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        log_section = ("Log and state", {"classes": ("collapse",), "fields": cls.log_fields})
        cls.fieldsets = (*cls.sections, log_section)
        cls.readonly_fields = (*cls.log_readonly_fields, *cls.derived_fields)

    @property
    def game(self) -> games.Game:
        return games.get(self.game_id)

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.game = self.game
        return form

    def has_add_permission(self, request):
        # A record begins with its first action, written by the app.
        return False

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        derived = {m._meta.verbose_name for m in (self.game.entry_model, *self.derived_models)}
        return deleted, counts, perms_needed - derived, protected

    @admin.display(description="action log")
    def log_link(self, obj):
        game = self.game
        entries = game.entry_model._meta.model_name
        url = (
            reverse(f"admin:tracker_{entries}_changelist") + f"?{game.entry_fk}__id__exact={obj.pk}"
        )
        return format_html('<a href="{}">{} actions</a>', url, obj.last_seq)

    @admin.display(description="engine state")
    def state_pretty(self, obj):
        return pretty(obj.state)

    @admin.display(description="virtual table")
    def virtual_deck_pretty(self, obj):
        return pretty(obj.virtual_deck)

    def save_model(self, request, obj, form, change):
        # The only editable field; the service moves the version on so open screens reload.
        if change and "name" in form.changed_data:
            current = type(obj).objects.get(pk=obj.pk)
            core.record_rename(
                game=self.game,
                record_id=obj.pk,
                owner=current.owner,
                name=obj.name,
                expected_version=current.version,
            )

    @admin.action(description="Replay the log and rebuild state and history")
    def rebuild_from_log(self, request, queryset):
        for record in queryset:
            try:
                core.record_rebuild(game=self.game, record_id=record.pk, owner=record.owner)
            except ReplayError as error:
                self.message_user(request, f"{record}: {error}", messages.ERROR)
            else:
                self.message_user(request, f"{record}: rebuilt from its log.")


class LogEntryAdmin(ReadOnly, admin.ModelAdmin):
    """A game's log entries, view only: the action, and the snapshot where one is kept.

    A game's subclass names the entry's foreign key to its record (`record_field`), and any
    fields of its own to show (`extra_fields`); the lists and the page follow from those."""

    record_field = ""
    extra_fields: tuple[str, ...] = ()
    list_filter = ("action_type",)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        record = cls.record_field
        cls.list_display = ("seq", record, "action_type", "created_at")
        cls.list_select_related = (record,)
        cls.search_fields = (f"{record}__name", f"{record}__owner__username")
        cls.ordering = (record, "-seq")
        cls.fields = (
            record,
            "seq",
            "action_type",
            "created_at",
            "action_pretty",
            "state_pretty",
            *cls.extra_fields,
        )
        cls.readonly_fields = cls.fields

    @admin.display(description="action")
    def action_pretty(self, obj):
        return pretty(obj.action)

    @admin.display(description="snapshot of the state after it")
    def state_pretty(self, obj):
        # Only some entries keep one (tracker/core/models.py, keeps_snapshot).
        return pretty(obj.snapshot) if obj.snapshot is not None else "—"

    @admin.display(description="virtual table")
    def virtual_deck_pretty(self, obj):
        return pretty(obj.virtual_deck)
