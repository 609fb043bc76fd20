"""
Local stand-in for pytest-mh, to run tests/system/tests/test_newgidmap.py
on this machine, where pytest-mh cannot be installed: the tests and the
real Shadow.newgidmap() of the framework run as root on the local system
(a disposable root entered with pivot_root), through a fake role that
runs commands with subprocess.  Only what test_newgidmap.py uses exists.
"""

from __future__ import annotations

import enum
import importlib.abc
import importlib.machinery
import os
import shutil
import subprocess
import sys
import types

import pytest


# --- stub modules for pytest_mh, jc and their kin --------------------------
class _Any:
    def __init__(self, *args, **kwargs):
        pass

    def __class_getitem__(cls, item):
        return cls

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Any()

    def __call__(self, *args, **kwargs):
        return _Any()

    def postpone_setup(self):
        return self


class _StubModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        cls = type(name, (_Any,), {})
        setattr(self, name, cls)
        return cls


class _StubFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    roots = ("pytest_mh", "jc", "pytest_ticket")

    def find_spec(self, fullname, path, target=None):
        if fullname.split(".")[0] in self.roots:
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        m = _StubModule(spec.name)
        m.__path__ = []
        if spec.name == "pytest_mh":
            m.KnownTopologyBase = enum.Enum
            m.KnownTopologyGroupBase = enum.Enum
        return m

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _StubFinder())
sys.path.insert(0, os.environ["SYSTEM_TESTS"])

from framework.roles.shadow import Shadow  # noqa: E402


# --- a fake role ---------------------------------------------------------
class Result:
    def __init__(self, cp: subprocess.CompletedProcess) -> None:
        self.rc = cp.returncode
        self.stdout = cp.stdout
        self.stderr = cp.stderr
        self.stdout_lines = cp.stdout.splitlines()
        self.stderr_lines = cp.stderr.splitlines()


class Conn:
    def run(self, command, *, input=None, raise_on_error=True, **kwargs):
        cp = subprocess.run(["bash", "-c", command], input=input, capture_output=True, text=True, timeout=120)
        if raise_on_error and cp.returncode != 0:
            raise RuntimeError(f"{command}: rc {cp.returncode}: {cp.stderr}")
        return Result(cp)


class Logger:
    def info(self, *args, **kwargs):
        pass


class Host:
    hostname = "localhost"

    def __init__(self) -> None:
        self.conn = Conn()


class Group:
    def __init__(self, name: str, gid: int) -> None:
        self.name = name
        self.gid = gid


class Getent:
    def group(self, name):
        cp = subprocess.run(["getent", "group", str(name)], capture_output=True, text=True)
        if cp.returncode != 0:
            return None
        f = cp.stdout.strip().split(":")
        return Group(f[0], int(f[2]))


class Tools:
    getent = Getent()


class FS:
    def __init__(self) -> None:
        self.saved: dict[str, str | None] = {}

    def write(self, path, contents, *, mode=None, user=None, group=None, dedent=True):
        assert not dedent, "the tests write exact contents"
        if path not in self.saved:
            if os.path.lexists(path):
                keep = f"{path}.harness-saved"
                shutil.copy2(path, keep)
                self.saved[path] = keep
            else:
                self.saved[path] = None
        if os.path.lexists(path):
            os.unlink(path)
        with open(path, "w") as f:
            f.write(contents)
        if mode is not None:
            os.chmod(path, int(mode, 8))
        if user is not None:
            shutil.chown(path, user=user)
        if group is not None:
            shutil.chown(path, group=group)

    def restore(self) -> None:
        for path, keep in self.saved.items():
            if os.path.lexists(path):
                os.unlink(path)
            if keep is not None:
                os.rename(keep, path)


def _features() -> dict[str, bool]:
    def ok(cmd: str) -> bool:
        return subprocess.run(["sh", "-c", cmd], capture_output=True).returncode == 0

    return {
        "gshadow": ok("getent gshadow"),
        "userns": ok("su -s /bin/sh nobody -c 'unshare --user true'"),
        "setgroups_shadow": ok("unshare --user sh -c 'echo shadow > /proc/self/setgroups'"),
    }


FEATURES = _features()


class FakeShadow:
    def __init__(self) -> None:
        self.host = Host()
        self.logger = Logger()
        self.fs = FS()
        self.tools = Tools()
        self.features = FEATURES
        self.users: list[str] = []
        self.groups: list[str] = []

    def _run(self, cmd: str) -> Result:
        return self.host.conn.run(cmd)

    def useradd(self, args: str) -> Result:
        self.users.append(args.split()[-1])
        return self._run("useradd -m " + args)

    def groupadd(self, args: str) -> Result:
        self.groups.append(args.split()[-1])
        return self._run("groupadd " + args)

    def usermod(self, args: str) -> Result:
        return self._run("usermod " + args)

    def newgidmap(self, *args, **kwargs):
        return Shadow.newgidmap(self, *args, **kwargs)

    def teardown(self) -> None:
        self.fs.restore()
        for u in self.users:
            subprocess.run(["userdel", "-r", u], capture_output=True)
        for g in self.groups:
            subprocess.run(["groupdel", g], capture_output=True)


def pytest_configure(config):
    config.addinivalue_line("markers", "topology(t): pytest-mh topology (ignored here)")
    config.addinivalue_line("markers", "builtwith(f): skip unless the host has feature f")


def pytest_runtest_setup(item):
    for mark in item.iter_markers("builtwith"):
        for feature in mark.args:
            if not FEATURES[feature]:
                pytest.skip(f'shadow does not support "{feature}"')


@pytest.fixture
def shadow():
    s = FakeShadow()
    yield s
    s.teardown()


def pytest_report_header(config):
    return f"local stand-in for pytest-mh; features: {FEATURES}"
