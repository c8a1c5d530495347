"""Limits on what one client can take (OWASP API4): rate limits per token and per address,
websocket connections per address, header and body read timeouts, and a bounded runner
for expensive reads. README "Limits" lists every limit, its default and its setting."""
