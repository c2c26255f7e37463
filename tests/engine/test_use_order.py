"""The order ``/compact`` ranks a loop's files by (``engine.loop.UseOrder``): a file used goes to
the front, a request turns the whole order round; each in constant time, as a list would do it."""

from __future__ import annotations

import random

import pytest

from agents_md.engine.loop import UseOrder


@pytest.mark.parametrize("seed", range(20))
def test_the_order_is_what_a_list_moved_and_reversed_gives(seed: int) -> None:
    rng = random.Random(seed)
    paths = [f"/r/f{i}.md" for i in range(12)]
    start = rng.sample(paths, rng.randrange(4))
    listed, order = list(start), UseOrder(start)
    for _ in range(300):
        if rng.random() < 0.6:
            path = rng.choice(paths)
            if path in listed:
                listed.remove(path)
            listed.insert(0, path)
            order.use(path)
        else:
            listed.reverse()
            order.turn()
        assert order.ordered() == listed


def test_a_new_order_keeps_the_given_one_and_a_use_goes_first() -> None:
    order = UseOrder(["/a", "/b", "/c"])
    assert order.ordered() == ["/a", "/b", "/c"]
    order.turn()
    assert order.ordered() == ["/c", "/b", "/a"]
    order.use("/b")
    assert order.ordered() == ["/b", "/c", "/a"]
