"""Simulation on a Dask cluster (issue 8 item 4): same figures as locally; an unreachable one fails fast."""
from __future__ import annotations

import socket
import time
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.sim import simulate

ROOT = Path(__file__).resolve().parent.parent
NIM = str(ROOT / "tests/games/nim")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_local_dask_cluster_gives_the_local_results() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        on_cluster, run = simulate(NIM, {"stones": 9}, games=40, seed=11, cluster=address)
        eriantys_cluster, _ = simulate("eriantys", {"players": 3}, games=4, seed=2, cluster=address)
    local, _ = simulate(NIM, {"stones": 9}, games=40, seed=11, workers=1)
    eriantys_local, _ = simulate("eriantys", {"players": 3}, games=4, seed=2, workers=1)
    assert on_cluster == local and eriantys_cluster == eriantys_local
    assert run["where"].startswith(f"Dask cluster at {address}, ")


def test_an_unreachable_cluster_fails_fast_with_one_line(capsys) -> None:
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"  # nothing listens there
    started = time.monotonic()
    code = main(["simulate", NIM, "--games", "5", "--cluster", address])
    took = time.monotonic() - started
    out, err = capsys.readouterr()
    assert code == 2 and took < 10
    assert err == f"rulebook: cannot reach the Dask scheduler at {address}: no scheduler answered within 3 s\n"


def test_a_malformed_cluster_address(capsys) -> None:
    pytest.importorskip("distributed")
    code = main(["simulate", NIM, "--games", "5", "--cluster", "nowhere"])
    _, err = capsys.readouterr()
    assert code == 2 and err.startswith("rulebook: cannot reach the Dask scheduler at nowhere: ")
    assert err.count("\n") == 1


def test_without_dask_cluster_says_how_to_install_it(capsys, monkeypatch) -> None:
    """Dask is the optional `cluster` extra: without it, --cluster says what to install."""
    import builtins

    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name == "distributed" or name.startswith("distributed."):
            raise ImportError(f"No module named '{name}'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    code = main(["simulate", str(Path(__file__).parent / "games" / "nim"), "--games", "3", "--cluster", "tcp://127.0.0.1:1"])
    assert code == 2
    assert capsys.readouterr().err == ("rulebook: --cluster needs Dask, which is an optional extra: "
                                       "pip install 'rulebook-engine[cluster]'\n")
