"""Le Nain Jaune on the command line and in the trainer: its sub-app (`cli.app`) and its drill (`drill.Drill`)."""
