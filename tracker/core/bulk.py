"""Many new rows written in a few plain SQL statements, below the models (their upsert uses it)."""

from __future__ import annotations

from django.db import transaction


def insert_rows(model, rows: list, chunk: int = 2000) -> None:
    """Insert many new rows of `model` in a few statements (executemany), for bulk writes
    (imports, restores) where Django's bulk_create spends longer building its SQL than the
    database spends inserting. The rows get no primary key back."""
    if not rows:
        return
    connection = transaction.get_connection()
    quote = connection.ops.quote_name
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    for row in rows:
        for f in fields:
            if getattr(f, "auto_now_add", False) or getattr(f, "auto_now", False):
                f.pre_save(row, add=True)
    values = [
        [f.get_db_prep_save(getattr(row, f.attname), connection) for f in fields] for row in rows
    ]
    with connection.cursor() as cursor:
        for start in range(0, len(values), chunk):
            cursor.executemany(sql, values[start : start + chunk])
