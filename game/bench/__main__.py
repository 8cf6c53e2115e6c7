from game.bench import main

main()
