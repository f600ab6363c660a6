from umpire.cli import main

main()
