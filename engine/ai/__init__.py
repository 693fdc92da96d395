"""AI seats for the rules engine (Qt-free): one `Bot` interface (base), kinds by name
(registry), the random, heuristic and Automa players, and balance simulation (simulate,
cluster). See docs/ai.md."""
