"""Paper Kessen: Good against Evil, units of leader and troop, battles of engagements."""
