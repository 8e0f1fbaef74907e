"""Interactions from a DM between two users or a group DM, which SimCord cannot play itself.

SimCord 3.2 stamps every interaction's context from where it happens: 0 (a server) or 1 (the
user's DM with the bot); its actors refuse any other DM, and it has no "private channel"
context (2), where a user-installed app is used in a conversation between people. So these
helpers build the interaction with SimCord's lowest-level API: ``simcord.interactions.
base_payload`` for the record and payload, the context set to 2 and the app authorised by the
user (``authorizing_integration_owners``), then ``backend.emit("INTERACTION_CREATE")``, as
Discord would send it. The bot answers through the interaction's webhook, which SimCord stores
in that channel, so ``InteractionResult`` reads the answers (and whether they are ephemeral) as
for any other interaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
import simcord
from discord import ChannelType, InteractionType
from simcord import InteractionResult, MemberActor, ResponseMessage
from simcord import interactions as raw
from simcord.backend import serializers

BOT_DM, PRIVATE_CHANNEL = 1, 2
"""Discord's interaction context types: the user's DM with the bot; group DMs and other DMs."""
USER_INSTALL = "1"
"""The key of a user install in ``authorizing_integration_owners``."""
SLASH, COMPONENT, MODAL = (
    InteractionType.application_command.value,
    InteractionType.component.value,
    InteractionType.modal_submit.value,
)


@dataclass(frozen=True)
class PrivateChannel:
    """A DM between users, or a group DM, that the bot is not part of."""

    env: simcord.Env
    id: int

    @classmethod
    def between(cls, env: simcord.Env, *members: MemberActor) -> PrivateChannel:
        """A DM between two members, or a group DM between more."""
        kind = ChannelType.private if len(members) == 2 else ChannelType.group
        channel = env.backend.create_channel(
            None,
            "group" if kind is ChannelType.group else None,
            type=kind.value,
            recipient_ids=[m.id for m in members],
        )
        return cls(env, channel.id)

    async def slash(self, member: MemberActor, name: str) -> InteractionResult:
        """A slash command with no options, as the user-installed app receives it here."""
        root = self.env.backend.find_command(name, None, type=1)
        assert root is not None and PRIVATE_CHANNEL in (root.get("contexts") or []), (
            f"/{name} cannot be used in a private channel"
        )
        return await self._dispatch(member, SLASH, {"id": root["id"], "name": name, "type": 1, "options": []})

    async def click(self, member: MemberActor, message: ResponseMessage, label: str) -> InteractionResult:
        """Press the button labelled ``label`` on a message the bot sent here (ephemeral or not)."""
        return await self._dispatch(member, COMPONENT, button(message, label), source=message.id)

    async def submit_modal(
        self, member: MemberActor, shown: InteractionResult, values: dict[str, str]
    ) -> InteractionResult:
        """Fill the text fields of the form a click opened, and send it."""
        modal = shown.modal
        assert modal is not None, "no form was opened"
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        source = shown._interaction.source_message_id
        return await self._dispatch(
            member, MODAL, {"custom_id": modal["custom_id"], "components": rows}, source=source
        )

    async def _dispatch(
        self, member: MemberActor, kind: int, data: dict[str, Any], source: int | None = None
    ) -> InteractionResult:
        record = emit(self.env, member, self.id, kind, data, context=PRIVATE_CHANNEL, source=source)
        await self.env.settle()
        return InteractionResult(self.env, record)


def emit(
    env: simcord.Env,
    member: MemberActor,
    channel_id: int,
    kind: int,
    data: dict[str, Any],
    *,
    context: int,
    source: int | None = None,
) -> Any:
    """Send Discord's INTERACTION_CREATE for ``member`` in a channel outside any server, without
    waiting for the bot (several may be emitted before one ``env.settle()``: presses that arrive
    together). Returns SimCord's record of the interaction, for an ``InteractionResult``."""
    backend = env.backend
    record, payload = raw.base_payload(
        backend, type=kind, channel_id=channel_id, guild_id=None, user_id=member.id, data=data
    )
    payload["context"] = context
    payload["authorizing_integration_owners"] = {USER_INSTALL: str(member.id)}
    if source is not None:
        stored = backend.get_message(channel_id, source)
        payload["message"] = dict(serializers.message_payload(backend, stored))
        record.source_message_id = source
    backend.emit("INTERACTION_CREATE", payload)
    return record


def button(message: ResponseMessage | discord.Message, label: str) -> dict[str, Any]:
    """A click's data for the button labelled ``label`` on ``message``."""
    shown = message.message if isinstance(message, ResponseMessage) else message
    for row in shown.components:
        for child in row.children if isinstance(row, discord.ActionRow) else ():
            if isinstance(child, discord.Button) and child.label == label and child.custom_id:
                return {"custom_id": child.custom_id, "component_type": 2}
    raise AssertionError(f"no button {label!r}")
