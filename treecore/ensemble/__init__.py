"""Ensembles of treecore trees: each member is a :class:`~treecore.Tree` the explorer can draw
(:mod:`.members` grows them on one encoded data set)."""

from .members import MemberGrower

__all__ = ["MemberGrower"]
