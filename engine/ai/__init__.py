"""AI seats for the rules engine (Qt-free). Until the solo Automa lands, only a random bot."""
