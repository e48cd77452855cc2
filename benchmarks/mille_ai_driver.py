"""The random-playout driver for elliotkendall/mille-ai, run by ``benchmarks/peers.py``.

mille-ai is Python 2 code, so this driver is Python 2 source text, run by a Python 2
interpreter with the peer's checkout on its path; nothing of the peer is copied here.
Every seat is a random player: a uniformly random move among the game's own
``validMoves``, and a coin toss for a coup-fourré and for the extension. One round is
one ``Game.playHand()`` (a deal played out to its score).
"""

from __future__ import annotations

DRIVER = """
import json, os, random, sys
sys.path.insert(0, sys.argv[1])
from mille.ai import AI
from mille.game import Game

class RandomAI(AI):
    moves = 0
    def makeMove(self, gameState):
        RandomAI.moves += 1
        return random.choice(gameState.validMoves)
    def playCoupFourre(self, attackCard, gameState):
        RandomAI.moves += 1
        return random.random() < 0.5
    def goForExtension(self, gameState):
        RandomAI.moves += 1
        return random.random() < 0.5

def cpu():
    t = os.times()
    return t[0] + t[1]

players, seconds = int(sys.argv[2]), float(sys.argv[3])
random.seed(players)
game = Game([RandomAI() for _ in range(players)])
rounds = 0
start = cpu()
while cpu() - start < seconds:
    game.playHand()
    rounds += 1
print(json.dumps({"rounds": rounds, "cpu": cpu() - start, "actions": RandomAI.moves}))
"""
