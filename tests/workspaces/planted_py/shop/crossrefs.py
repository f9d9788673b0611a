"""Estimators that reference each other."""


class TreeClassifier:
    """A tree that predicts classes."""

    def fit(self, rows):
        return rows


class TreeRegressor:
    """A tree that predicts numbers."""

    def fit(self, rows):
        return rows


class ForestClassifier:
    """A forest of classification trees.

    Each tree is an underlying :class:`TreeRegressor` fitted on a sample.

    See Also
    --------
    ForestClassifier : A forest of classification trees.
    TreeClassifier : One tree.
    """

    def fit(self, samples):
        self.trees = [TreeClassifier().fit(s) for s in samples]
        return self


def draw(values, fig=None):
    """Draw the values.

    Returns
    -------
    Figure
        If `ax` is None, a new figure; otherwise the figure passed in.
    """
    return fig if fig is not None else list(values)


def rank_row(row, cohort):
    """The rank of an observation.

    Parameters
    ----------
    row : dict
        One observation; requires a 'rank' and a 'detection_limit' entry.
    cohort : list
        The cohort's limits.
    """
    return cohort[row["det_limit_index"]] * row["rank"]


KEEP_ALL = 0
KEEP_NO_GAIN = 0x10
KEEP_NO_FORECAST = 0x20


def keep(flags):
    """Choose what to keep.

    The flags are:

    KEEP_ALL = 0
        Keep everything.
    KEEP_NO_GAIN = 0x10
        Drop the gains.
    KEEP_NO_GAIN = 0x10
        Drop the forecasts.
    """
    return flags
