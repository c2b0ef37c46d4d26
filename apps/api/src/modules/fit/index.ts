// The fit module's public surface (issue 38): size charts (ADR 056), size advice (ADR 057). Append lines only.
