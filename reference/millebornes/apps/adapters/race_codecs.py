"""The codec of a race family's game, found from its edition id."""

from __future__ import annotations

from collections.abc import Sequence

from millebornes.apps.adapters.asduvolant_encoding import AsDuVolantCodec
from millebornes.apps.adapters.funspeed_encoding import FunSpeedCodec
from millebornes.apps.adapters.race_encoding import Codec
from millebornes.core.errors import MalformedInput
from millebornes.registry import family_of_edition


def codec_for(edition: str, players: int, options: Sequence[str] = ()) -> Codec:
    """The codec of a Fun & Speed or As du Volant game; MalformedInput for the others."""
    name = family_of_edition(edition).name
    if name == "fun-speed":
        return FunSpeedCodec(players, tuple(options))
    if name == "as-du-volant":
        return AsDuVolantCodec(players, tuple(options))
    raise MalformedInput(f"edition: {edition!r} is a {name} edition, not a race family's")
