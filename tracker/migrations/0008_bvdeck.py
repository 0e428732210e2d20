from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0007_taps"),
    ]

    operations = [
        migrations.AddField(
            model_name="rememberedcard",
            name="listings",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
