"""Research adapters: PettingZoo and Gymnasium environments and OpenSpiel games for every
turn-based warroom game (``pip install 'warroom[research]'``). See docs/research.md."""
