"""Community tournaments and ratings: pairings, standings, the tournament and rating services."""
