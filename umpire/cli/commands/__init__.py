"""The commands, one module per group of commands by what they are for.

Each module registers its commands on the `umpire` group when imported; `umpire.cli.COMMANDS`
names the module of each command, so a command's module is imported only when it runs."""
