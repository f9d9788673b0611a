"""Shipping options read from keyword arguments."""


class Quote:
    """A shipping quote.

    Attributes
    ----------
    shipping_cost_total : float
        The summed costs.
    """

    def __init__(self, costs):
        self.shipping_costs_total = sum(costs)

    def cheaper(self, other):
        """Whether this quote is the cheaper one, by the ``shipping_costs`` attribute."""
        return self.shipping_costs_total < other.shipping_costs_total


def ship(weight, **options):
    """Ship a parcel.

    - ``max_day`` (int): the latest delivery, in days.
    - ``insured`` (bool): whether the parcel is insured.
    """
    days = options.get("max_days", 5)
    return weight * days if options.get("insured") else weight
