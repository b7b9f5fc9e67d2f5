"""The match host: live matches, headless, and the holders of their seats.

`host.session.Session` is one live match; `host.messages` holds the only two
messages that pass between a session and a seat's holder (`SeatUpdate`,
`SeatCommand`); `host.bots` seats bots the way people are seated. The host
imports no Textual: a terminal, a remote client or a bot are all holders.
"""
