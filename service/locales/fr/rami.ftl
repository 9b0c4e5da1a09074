# Rami : chaque phrase du bot, en français.
#
# Syntaxe Project Fluent : https://projectfluent.org/fluent/guide/
# Mêmes identifiants et mêmes variables que en/rami.ftl. Vouvoiement partout ; les
# boutons et les descriptions de commandes sont à l'infinitif. Typographie française :
# espace insécable (U+00A0) avant « : », espace fine insécable (U+202F) avant ; ! ?
# Pluriels : en français, 0 et 1 sont au singulier (« 0 carte », « 1 carte », « 2 cartes »).
# Les cartes restent des symboles (7♥, 🃏) : elles arrivent dans les variables.

## Le vocabulaire du rami, défini une fois. n: "other" donne le pluriel (un terme ne prend
## que des littéraux : avec un nombre, choisir la forme dans le message) ;
## capitalization: "uppercase" met une majuscule (titres).

-combinaison =
    { $capitalization ->
       *[lowercase]
            { $n ->
               *[one] combinaison
                [other] combinaisons
            }
        [uppercase]
            { $n ->
               *[one] Combinaison
                [other] Combinaisons
            }
    }
-brelan = brelan
-carre = carré
-suite = suite
-joker = joker
-talon =
    { $capitalization ->
       *[lowercase] talon
        [uppercase] Talon
    }
-defausse =
    { $capitalization ->
       *[lowercase] défausse
        [uppercase] Défausse
    }
-donne =
    { $capitalization ->
       *[lowercase]
            { $n ->
               *[one] donne
                [other] donnes
            }
        [uppercase]
            { $n ->
               *[one] Donne
                [other] Donnes
            }
    }
-pose = pose
-rami-sec =
    { $n ->
       *[one] rami sec
        [other] ramis secs
    }

## Refus et erreurs

guild-only = Le rami se joue sur un serveur, pas en message privé.
no-table = Il n'y a pas de table dans ce salon : ouvrez-en une avec /lobby create.
game-closed = Cette partie est terminée : ouvrez une nouvelle table avec /lobby create.
not-started = La partie n'a pas encore commencé.
busy = Il y a déjà une table dans ce salon : terminez-la ou annulez-la d'abord.
stale = La partie a avancé avant que votre action soit enregistrée. Veuillez réessayer.
closed = Cette partie est déjà terminée.
oops = Désolé, un problème est survenu de mon côté. Tapez /hand pour voir où en est la partie.
hints-off = Les conseils sont désactivés à cette table.
no-meld-number = Désignez une { -combinaison } par son numéro sur la table (voir /table).
discard-changed = La { -defausse } montre maintenant { $card }, et non plus { $promised } : appuyez sur { btn-refresh }.
unreadable = L'état enregistré de cette table est illisible, elle a donc été fermée (elle ne compte pas). Ouvrez-en une nouvelle avec /lobby create.
start-hand-hint = Appuyez sur **{ btn-hand }** (ou tapez /hand) pour voir vos cartes.
missing-permissions = Je ne peux pas ouvrir de table ici : il manque à mon rôle { $missing } dans ce salon. Demandez à un administrateur de lui accorder ces permissions (pour un fil privé, ajoutez-moi au fil), puis réessayez.
too-many-cards = Cela fait plus de cartes que l'assistant de { -pose } ne peut en prendre : utilisez plutôt /meld.
stale-component = Ce bouton ou ce menu n'est plus à jour : appuyez sur { btn-refresh } dans votre main (ou tapez /hand), puis réessayez.
too-long =
    C'est trop long : { $option } accepte au plus { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    }.
bad-choice = { $option } accepte l'une de ces valeurs : { $choices }.
bad-card = « { $card } » n'est pas une carte (essayez 7H, 10S, QD, AC, 7♥, ou JK pour un { -joker } ; JK=6S fixe un { -joker } à 6♠).
unknown-setting = Il n'y a pas de règle ni d'option appelée « { $name } » : choisissez-en une dans la liste.
bad-value = « { $value } » n'est pas une valeur possible pour { $name } : choisissez-en une dans la liste.

## Salle d'attente

lobby-title = Table de rami : { $title }
lobby-preset = Variante
lobby-house = Règles maison
lobby-preset-line = Variante { $preset } : { $text } (les règles maison ci-dessous la modifient)
lobby-no-house = aucune (la variante telle quelle)
lobby-options = Réglages
lobby-options-value = temps par tour { $timer } · pause des robots { $pause } · conseils { $hints } · fil { $thread }
timer-off = sans limite
lobby-seats = Places ({ $n }/{ $max })
lobby-host = hôte
lobby-footer = Rejoignez la table avec le bouton ou /lobby join ; l'hôte lance la partie avec { btn-start } ou /lobby start.
lobby-expires = Cette table se ferme { $when } si la partie ne commence pas.
btn-join = Rejoindre
btn-leave = Quitter
btn-start = Commencer
btn-hand = Ma main
joined = Vous avez rejoint la table ({ $n }/{ $max }).
left-lobby = Vous avez quitté la table.
kicked = { $by } a retiré { $name } de la table.
bot-added = { $name } prend place ({ $n }/{ $max }).
bot-removed = { $name } quitte la table.
set-done = { $name } passe à { $value }.
cancelled = { $name } a annulé la table. Elle ne compte pas pour le classement.
expired-lobby = Personne n'a lancé cette table à temps : elle est fermée.
expired-game = Cette partie est restée trop longtemps sans action : elle est abandonnée et ne compte pas.
abandoned = Il ne reste plus aucun joueur humain à la table : la partie est abandonnée et ne compte pas.
started = La partie commence : { $title }.
closed-board = Cette table est fermée.

## Événements (publics)

ev-drew-stock = { $name } a pioché.
ev-drew-discard = { $name } a pris { $card } dans la { -defausse }.
ev-melded = { $name } a posé { $melds }.
ev-laid-off = { $name } a complété la { -combinaison } { $n } avec { $cards }.
ev-swapped = { $name } a mis { $card } dans la { -combinaison } { $n } et pris son { -joker }.
ev-discarded = { $name } a défaussé { $card }.
ev-stock-rebuilt =
    La { -defausse } devient le nouveau { -talon } ({ $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }).
ev-stock-rebuilt-shuffled =
    La { -defausse } est mélangée et forme un nouveau { -talon } ({ $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }).
ev-deal-started = { -donne(capitalization: "uppercase") } { $n } : { $dealer } distribue, { $starter } commence.
ev-deal-over = La { -donne } est terminée : { $why }.
# « Faire rami » : se débarrasser de toutes ses cartes.
why-went-out = { $names } a fait rami
why-went-out-rummy = { $names } a fait { -rami-sec } (points doublés)
why-stock-exhausted = le { -talon } est épuisé
why-turn-cap = la limite de tours est atteinte
why-abandoned = il reste trop peu de joueurs
why-agreed = les joueurs l'ont arrêtée d'un commun accord
ev-deal-stalled = Le { -talon } a été reconstitué deux fois sans { -pose } ni ajout : chacun peut proposer d'arrêter cette { -donne }.
ev-end-proposed = { $name } propose d'arrêter cette { -donne }. Doivent encore accepter : { $waiting }.
ev-end-agreed = { $name } accepte d'arrêter cette { -donne }. Doivent encore accepter : { $waiting }.
ev-end-agreed-last = { $name } accepte d'arrêter cette { -donne }.
ev-end-proposed-alone = { $name } arrête cette { -donne } (les robots sont toujours d'accord).
ev-end-declined = { $name } veut continuer : la proposition d'arrêter cette { -donne } est retirée.
ev-end-lapsed = Une { -pose } ou un ajout a eu lieu : la proposition d'arrêter cette { -donne } tombe.
ev-points = Points de la { -donne } : { $points }.
ev-totals = Totaux : { $points }.
ev-dropped = { $name } a quitté la partie.
ev-new-host = { $name } est maintenant l'hôte.
ev-eliminated =
    { $name } atteint { $score ->
        [one] { $score } point
       *[other] { $score } points
    } : hors jeu.
ev-game-over = La partie est terminée. { $winners } { $verb } !
won-one = gagne
won-many = se partagent la victoire
turn-next = À { $name } de jouer.
turn-you = { $mention }, à vous de jouer.
timeout = Temps écoulé pour { $name } : Rami a joué un coup prudent à sa place ({ $count }/{ $max }).
timeout-dropped =
    { $name } a manqué { $max ->
        [one] { $max } tour
       *[other] { $max } tours
    } de suite et quitte la partie.

## Le tableau de la table et /table

board-title = Rami : { $title }, { -donne } { $n }
board-over = Rami : { $title }, partie terminée
board-cancelled = Rami : { $title }, partie annulée
board-abandoned = Rami : { $title }, partie abandonnée
board-turn = Tour
board-turn-value = **{ $name }** : { $phase }
board-deadline = fin du tour { $when }
phase-draw = pioche
phase-play = pose, complète ou défausse
board-discard = { -defausse(capitalization: "uppercase") }
board-discard-value =
    { $top } (pile de { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    })
board-empty = vide
board-stock = { -talon(capitalization: "uppercase") }
board-stock-value =
    { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    }
board-stalled = Cette { -donne } n'avance plus
board-stalled-offer = Le { -talon } a été reconstitué { $n } fois sans { -pose } ni ajout : chacun peut appuyer sur **{ btn-end-propose }**.
board-stalled-vote = { $name } a proposé de l'arrêter. Doivent encore accepter : { $waiting }.
btn-end-propose = Arrêter la { -donne }
btn-end-agree = Accepter d'arrêter
btn-end-decline = Continuer
board-players = Joueurs
board-player =
    { $name } : { $cards ->
        [one] { $cards } carte
       *[other] { $cards } cartes
    }, { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
board-player-out =
    { $name } : hors jeu, { $score ->
        [one] { $score } point
       *[other] { $score } points
    }
board-melds = { -combinaison(n: "other", capitalization: "uppercase") } posées
board-no-melds = aucune pour l'instant
board-standings = Classement final
board-standing =
    { $rank }. { $name } : { $score ->
        [one] { $score } point
       *[other] { $score } points
    }, { $deals ->
        [one] { $deals } { -donne } gagnée
       *[other] { $deals } { -donne(n: "other") } gagnées
    }
dealer-mark = distribue

## La main (privée)

hand-title =
    Votre main ({ $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    })
hand-drawn = Vous avez pioché { $card }.
hand-turn-draw = À vous : piochez dans le { -talon } ou prenez { $top }.
hand-turn-draw-stock = À vous : piochez dans le { -talon }.
hand-turn-play = À vous : posez, complétez, puis défaussez.
hand-wait = { $name } joue.
hand-over = Cette { -donne } est terminée.
hand-melds = { -combinaison(n: "other", capitalization: "uppercase") } de votre main
hand-melds-none = aucune pour l'instant
hand-melds-cmd = Tapez : { $command }
hand-opening = Ouverture
hand-opening-value =
    { $need ->
        [one] { $need } point requis
       *[other] { $need } points requis
    } ; vos meilleures { -combinaison(n: "other") } en font { $have }.
hand-table = Sur la table
hand-table-value =
    { -defausse } { $top } · { -talon } { $stock } · { $melds ->
        [one] { $melds } { -combinaison }
       *[other] { $melds } { -combinaison(n: "other") }
    }
btn-draw-stock = Piocher
btn-draw-discard = Prendre { $card }
btn-meld = Poser…
btn-layoff = Compléter…
btn-refresh = Actualiser
btn-back = Retour
btn-lay-down =
    Poser { $n ->
        [one] { $n } { -combinaison }
       *[other] { $n } { -combinaison(n: "other") }
    }
ph-discard = Défausser une carte…
ph-meld-cards = Choisissez les cartes d'une { -combinaison }…
ph-layoff-meld = Choisissez une { -combinaison } de la table…
ph-layoff-cards = Choisissez les cartes à ajouter à la { -combinaison } { $n }…
builder-title = Assistant de { -pose }
builder-help = Choisissez les cartes d'une { -combinaison }, puis ajoutez-en une autre ou posez-les ensemble. Quand un { -joker } peut remplacer plusieurs cartes, vous choisissez laquelle.
builder-refused = { $cards } n'est pas une { -combinaison } : { $why } Choisissez à nouveau les cartes.
builder-pending = { -combinaison(n: "other", capitalization: "uppercase") } prêtes
builder-bad = pas une { -combinaison } : { $why }
layoff-title = Compléter
layoff-help = Choisissez la { -combinaison } à compléter.
layoff-cards-help = Choisissez les cartes à ajouter à { $meld }.

## /hint

hint-title = Conseil
hint-melds =
    Meilleures { -combinaison(n: "other") } : { $melds } (il vous reste { $deadwood ->
        [one] { $deadwood } point
       *[other] { $deadwood } points
    } en main).
hint-no-melds = Votre main ne contient encore aucune { -combinaison }.
hint-open-yes =
    Vous pouvez ouvrir : { $melds } font { $points ->
        [one] { $points } point
       *[other] { $points } points
    } (il vous en faut { $need }).
hint-open-no =
    Vous ne pouvez pas encore ouvrir : vos meilleures { -combinaison(n: "other") } font { $points ->
        [one] { $points } point
       *[other] { $points } points
    }, l'ouverture en demande { $need }.
hint-discard = Carte à défausser : { $card }.
hint-take-yes =
    Prendre { $top } fait baisser vos points en main de { $before } à { $after ->
        [one] { $after } point
       *[other] { $after } points
    } (après votre meilleure défausse).
hint-take-no =
    Prendre { $top } ne fait pas baisser vos points en main ({ $before ->
        [one] { $before } point
       *[other] { $before } points
    } maintenant, { $after } après).
hint-play-now = Vous pouvez poser maintenant : { $command }
hint-draw = Piochez d'abord ; la { -defausse } montre { $top }.
hint-wait = Ce n'est pas votre tour : préparez vos { -combinaison(n: "other") } en attendant.

## Scores, classement, bilan

scores-title = Feuille de marque
scores-deal = { -donne(capitalization: "uppercase") } { $n }
scores-total = Total
scores-none = Aucune { -donne } n'est encore terminée.
lb-title = Classement : { $preset }
lb-all = toutes variantes
lb-empty = Aucune partie terminée ici pour l'instant.
lb-footer = La cote monte avec les victoires contre des joueurs forts et part de 0 ; les parties abandonnées ne comptent jamais.
lb-no-people = Aucun joueur humain n'a encore terminé de partie ici : seulement des robots, ci-dessous.
lb-line =
    { $rank }. { $name } : cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) } · { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } · { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } ({ NUMBER($rate, style: "percent") }) · { $deals ->
        [one] { $deals } { -donne } gagnée
       *[other] { $deals } { -donne(n: "other") } gagnées
    } · { $rummies ->
        [one] { $rummies } { -rami-sec }
       *[other] { $rummies } { -rami-sec(n: "other") }
    }
lb-bots = Robots (classés à part des humains)
stats-title = Bilan : { $name }
stats-none = { $name } n'a encore terminé aucune partie ici.

## Images et /settings

pic-hand = Votre main en cartes, triée et groupée par couleur ; la carte que vous venez de piocher est surélevée.
pic-table = La table en cartes : le { -talon }, la { -defausse } et les { -combinaison(n: "other") } avec leurs numéros.
pic-scores = Le total de chaque joueur, { -donne } après { -donne }.
chart-deal = { -donne(capitalization: "uppercase") }
chart-points = Points marqués
chart-penalty = Points de pénalité
pictures-no-attach = Il me manque la permission **Joindre des fichiers** dans ce salon : la table s'affiche donc en texte seulement. Demandez à un administrateur de l'accorder à mon rôle pour voir les cartes en images.
settings-pictures-on = Images activées : votre main, /table et /scores montrent les cartes à côté du texte.
settings-pictures-off = Texte seul : votre main, /table et /scores n'affichent plus d'images (le message public de la table, si).
settings-pictures-is-on = Vous voyez des images à côté du texte. Pour le texte seul, utilisez /settings pictures et choisissez « { cmd-choice-text-only } ».
settings-pictures-is-off = Vous voyez le texte seul. Pour des images à côté, utilisez /settings pictures et choisissez « { cmd-choice-pictures-and-text } ».
settings-pictures-bot-off = Les images sont désactivées sur ce bot pour le moment, quel que soit votre choix.

## Les refus du moteur de règles (RummyError.key, ici rules-<clé>)

rules-not-your-turn = Ce n'est pas votre tour.
rules-turn-of = C'est à { $name } de jouer.
rules-must-draw = Piochez d'abord : dans le { -talon }, ou prenez la carte de la { -defausse }.
rules-starter-no-draw = Le premier joueur ne pioche pas à son premier tour : posez si vous le souhaitez, puis défaussez.
rules-already-drew = Vous avez déjà pioché ce tour-ci : posez, complétez ou défaussez.
rules-discard-empty = La { -defausse } est vide : piochez dans le { -talon }.
rules-cards-short = Vous n'avez que { $held } { $card } en main, pas { $named }.
rules-card-not-in-hand = Vous n'avez pas { $card } en main.
rules-one-meld-per-turn = Une seule nouvelle { -combinaison } par tour à cette table (compléter reste libre).
rules-opening-too-low =
    Votre première { -pose } demande { $need ->
        [one] { $need } point
       *[other] { $need } points
    } : vos { -combinaison(n: "other") } en font { $have }.
rules-lay-off-before-opening =
    Vous ne pourrez compléter les { -combinaison(n: "other") } de la table qu'après votre première { -pose } de { $need ->
        [one] { $need } point
       *[other] { $need } points
    }.
rules-lay-off-next-turn = Vous pourrez compléter les { -combinaison(n: "other") } de la table à partir de votre prochain tour.
rules-discard-taken = Vous avez pris { $card } dans la { -defausse } : défaussez une autre carte ce tour-ci.
rules-meld-too-short = { $cards } n'est pas une { -combinaison } : il faut au moins 3 cartes.
rules-set-suits = { $cards } n'est ni un { -brelan } ni un { -carre } : les couleurs doivent toutes être différentes.
rules-not-run-or-set = { $cards } n'est pas une { -suite } : les cartes d'une { -suite } sont de la même couleur (et celles d'un { -brelan }, de la même valeur).
rules-run-rank-twice = { $cards } n'est pas une { -suite } : une valeur y figure deux fois.
rules-joker-lower-place = { $cards } n'est pas une { -suite } valable ici : à cette table, un { -joker } qui peut aller à l'un ou l'autre bout d'une { -suite } remplace la carte la plus basse, { $lower }, et non { $pinned }.
rules-game-over = Cette partie est terminée.
rules-not-seated = Vous ne jouez pas à cette table.
rules-already-started = La partie a déjà commencé.
rules-only-host = Seul l'hôte de la table peut faire cela.
rules-table-full =
    La table est complète ({ $max ->
        [one] { $max } place
       *[other] { $max } places
    }).
rules-already-seated = Vous avez déjà une place à cette table.
rules-end-not-playing = Aucune { -donne } n'est en cours.
rules-end-not-offered = À cette table, une { -donne } ne s'arrête pas d'un commun accord : le { -talon } est reconstitué au plus { $limit } fois, puis la { -donne } s'arrête d'elle-même.
rules-deal-not-stalled = Cette { -donne } avance encore : elle pourra être arrêtée d'un commun accord quand le { -talon } aura été reconstitué { $need } fois sans { -pose } ni ajout ({ $rebuilds } jusqu'ici).
rules-end-computer = { $name } est un robot : il est toujours d'accord, seuls les joueurs humains décident.
rules-end-not-dealt = Vous ne jouez pas cette { -donne }.
rules-end-not-proposed = Personne n'a proposé d'arrêter cette { -donne }.
rules-end-already-proposed = { $name } a déjà proposé d'arrêter cette { -donne } : acceptez ou refusez.
rules-end-already-agreed = Vous avez déjà accepté d'arrêter cette { -donne }.

## Descriptions des commandes et des options, noms des choix (100 caractères au plus)

cmd-lobby = Ouvrir, remplir et lancer une table de rami
cmd-lobby-create = Ouvrir une table dans ce salon
cmd-lobby-create-preset = La variante à jouer (par défaut : basic)
cmd-lobby-join = Prendre place à la table de ce salon
cmd-lobby-leave = Quitter la table (ou la partie en cours)
cmd-lobby-start = Distribuer la première main (hôte seulement)
cmd-lobby-cancel = Annuler la table ou la partie (hôte ou modérateurs)
cmd-lobby-kick = Retirer un joueur de la table (hôte ou modérateurs)
cmd-lobby-kick-member = Le joueur à retirer
cmd-lobby-set = Changer une règle maison ou un réglage de la table avant le début (hôte)
cmd-lobby-set-rule = La règle maison ou le réglage à changer
cmd-lobby-set-value = Sa nouvelle valeur
cmd-lobby-addbot = Installer un robot à la table (hôte)
cmd-lobby-addbot-level = Son niveau de jeu (par défaut : { cmd-choice-normal })
cmd-lobby-removebot = Retirer le dernier robot installé (hôte)
cmd-draw = Piocher une carte : dans le { -talon } ou sur la { -defausse }
cmd-draw-source = Où piocher (par défaut : le { -talon })
cmd-meld = Poser une ou plusieurs { -combinaison(n: "other") } (séparées par |)
cmd-meld-cards = Les cartes, p. ex. 7H 8H 9H | QC QD QS (JK=6S fixe un { -joker })
cmd-layoff = Ajouter des cartes de votre main à une { -combinaison } de la table
cmd-layoff-cards = Les cartes à ajouter, p. ex. 10H JH
cmd-layoff-meld = Le numéro de la { -combinaison } sur la table
cmd-swap = Prendre un { -joker } dans une { -combinaison } en y mettant la carte qu'il remplace
cmd-swap-meld = Le numéro de la { -combinaison } qui contient le { -joker }
cmd-swap-card = La carte que le { -joker } remplace
cmd-discard = Défausser une carte et finir votre tour
cmd-discard-card = La carte à défausser, p. ex. KS ou K♠
cmd-hand = Voir votre main (vous seul la voyez)
cmd-table = La table : { -combinaison(n: "other") }, { -defausse }, { -talon }, cartes en main, à qui de jouer
cmd-scores = La feuille de marque de la partie de ce salon
cmd-rules = Les règles en clair : d'une variante, ou de cette table
cmd-rules-preset = Une variante à lire (par défaut : les règles de la table de ce salon)
cmd-hint = Des conseils pour votre main : meilleures { -combinaison(n: "other") }, ouverture, défausse
cmd-leaderboard = Les meilleurs joueurs de ce serveur
cmd-leaderboard-preset = Seulement les parties de cette variante (par défaut : toutes)
cmd-stats = Le bilan d'un joueur sur ce serveur
cmd-stats-member = Quel joueur (par défaut : vous)
cmd-settings = Vos réglages pour Rami
cmd-settings-pictures = Les cartes en images à côté du texte, ou le texte seul
cmd-settings-pictures-show = on : images à côté du texte ; off : texte seul (par défaut : rappeler votre réglage)
cmd-choice-stock = { -talon }
cmd-choice-discard-pile = { -defausse }
cmd-choice-easy = facile
cmd-choice-normal = moyen
cmd-choice-hard = difficile
cmd-choice-expert = expert

## /rami language : la langue des messages publics d'un serveur (administrateurs)
manage-guild-only = Seuls les membres qui ont la permission Gérer le serveur peuvent changer les réglages de Rami.
language-set = Les messages publics de Rami sur ce serveur sont désormais en { $language ->
        [fr] français
       *[en] anglais
    }. Les réponses privées suivent la langue Discord de chacun.
language-auto = Les messages publics de Rami sur ce serveur suivent désormais la langue que le serveur indique à Discord (aujourd'hui : { $language ->
        [fr] français
       *[en] anglais
    }). Les réponses privées suivent la langue Discord de chacun.
cmd-rami = Les réglages de Rami pour ce serveur (administrateurs)
cmd-rami-language = La langue des messages publics du bot sur ce serveur
cmd-rami-language-language = Français, anglais, ou auto : la langue que le serveur indique à Discord
cmd-choice-francais = français
cmd-choice-english = English
cmd-choice-auto = auto (la langue du serveur)

## Les variantes, telles que le salon d'attente, la table et /rules les nomment
preset-basic-title = Rami simple (Bicycle)
preset-basic-description = Un jeu de 52 cartes, sans { -joker }, as bas, le gagnant encaisse, { -rami-sec } double, 3 { -donne(n: "other") }.
preset-rummy100-title = Rami simple, premier à 100
preset-rummy100-description = Un jeu de 52 cartes, une { -combinaison } posée par tour, le gagnant encaisse, pas de prime au { -rami-sec }, premier à 100.
preset-rami100-title = Rami en 100 points
preset-rami100-description = Un jeu de 52 cartes, défausse finale obligatoire, un seul rebattage puis { -donne } nulle, premier à 100.
preset-rami51-title = Rami 51 (rami français)
preset-rami51-description = Deux jeux et quatre { -joker }s, 13 cartes (14 pour qui commence), ouverture à 51, points de pénalité, éliminé à 500.
preset-ref40-title = Rami 40 (règles de référence)
preset-ref40-description = 2 ou 3 jeux et quatre { -joker }s, 13 cartes, ouverture à 40, un { -joker } par { -combinaison }, échange du { -joker }, 2 rebattages, points de pénalité, éliminé à 500.
preset-ref51-title = Rami 51 (règles de référence)
preset-ref51-description = 2 ou 3 jeux et quatre { -joker }s, 13 cartes, ouverture à 51, un { -joker } par { -combinaison }, échange du { -joker }, 2 rebattages, points de pénalité, éliminé à 500.
cmd-choice-preset-basic = basic : Rami simple (Bicycle)
cmd-choice-preset-rummy100 = rummy100 : Rami simple, premier à 100
cmd-choice-preset-rami100 = rami100 : Rami en 100 points
cmd-choice-preset-rami51 = rami51 : Rami 51 (rami français)
cmd-choice-preset-ref40 = ref40 : Rami 40 (règles de référence)
cmd-choice-preset-ref51 = ref51 : Rami 51 (règles de référence)

## Règles maison et options de la table (/lobby set, le tableau du salon d'attente)
house-rule = { $name } : { $value } (variante : { $preset })
value-none = aucun
value-yes = oui
value-no = non
value-seconds = { $n } s
value-low = bas
value-low-or-high = bas ou haut
value-no-more-than-naturals = pas plus que de cartes naturelles
value-one = un seul
value-player-choice = au choix du joueur
value-lower = place la plus basse
value-any-time = à tout moment
value-after-opening = après l'ouverture
value-after-opening-later-turns = aux tours suivant l'ouverture
value-upcard = carte retournée
value-starter-extra-card = une carte de plus pour qui commence
value-turn-whole-pile = toute la { -defausse } retournée
value-turn-keep-top = { -defausse } retournée sauf la carte du dessus
value-shuffle-keep-top = { -defausse } rebattue sauf la carte du dessus
value-nobody-scores = personne ne marque
value-lowest-hand-wins = la main la plus faible gagne
value-winner-collects = le gagnant encaisse
value-penalty = points de pénalité
value-deals = nombre de { -donne(n: "other") }
value-target = score à atteindre
value-elimination = élimination
knob-turn-timer = Secondes pour jouer un tour avant qu'il soit joué d'office (0 : désactivé)
knob-bot-pause = Secondes d'attente d'un robot avant chaque coup
knob-hints = Les joueurs peuvent demander des conseils avec /hint
knob-decks = Nombre de jeux de 52 cartes
knob-decks-for-5-6 = Jeux à 5 ou 6 joueurs (aucun : comme decks)
knob-jokers = { -joker }s dans le paquet (par jeu si jokers_per_deck)
knob-jokers-per-deck = Compter les { -joker }s par jeu utilisé
knob-hand-size = Cartes distribuées à chacun (0 : 10, 7 ou 6 selon le nombre de joueurs)
knob-first-discard = Retourner une première carte, ou donner une carte de plus à qui commence
knob-winner-deals-two-players = À 2 joueurs, le gagnant distribue ensuite
knob-ace = As seulement bas (A-2-3), ou bas ou haut (Q-K-A)
knob-joker-limit = { -joker }s permis dans une { -combinaison }
knob-joker-swap = Prendre un { -joker } posé en y mettant la carte qu'il remplace
knob-joker-place = Un { -joker } qui va aux deux bouts d'une { -suite } : au choix du joueur, ou toujours en bas
knob-opening = Points nécessaires pour la première { -pose } d'un joueur (0 : aucun)
knob-one-meld-per-turn = Une seule nouvelle { -combinaison } par tour (ajouts illimités)
knob-lay-off = Quand un joueur peut ajouter des cartes aux { -combinaison(n: "other") } de la table
knob-final-discard-required = Finir exige une dernière défausse
knob-rummy-doubles = Le { -rami-sec } (finir en un seul tour) double les points
knob-stock-refill = Comment la { -defausse } devient un nouveau { -talon }
knob-draw-discard-when-stock-empty = { -talon(capitalization: "uppercase") } vide : le joueur suivant peut prendre la carte de la { -defausse }
knob-refill-limit = Combien de fois le { -talon } peut être refait par { -donne } (aucun : sans limite)
knob-dead-deal = Quand le { -talon } ne peut plus être refait ou que le plafond de tours est atteint
knob-turn-cap = Nombre de tours après lequel la { -donne } s'arrête
knob-scoring = Le gagnant encaisse les mains des autres, ou points de pénalité
knob-ace-value = Valeur d'un as resté en main
knob-joker-value = Valeur d'un { -joker } resté en main
knob-game-end = La partie finit après N { -donne(n: "other") }, à un score à atteindre, ou par élimination
knob-game-length = { -donne(n: "other", capitalization: "uppercase") }, score à atteindre ou limite d'élimination (voir game_end)
knob-max-players = Places à la table
knob-void-deal-limit = { -donne(n: "other", capitalization: "uppercase") } d'affilée sans points après lesquelles une partie au score ou par élimination s'arrête (le meilleur total gagne)

## Les robots : leurs noms et leurs niveaux
bot-name = Robot ({ $level })
bot-name-nth = Robot { $n } ({ $level })
level-easy = facile
level-normal = moyen
level-hard = difficile
level-expert = expert

## Refus du moteur de règles, suite (rummy/melds.py, plays.py, deal.py)
rules-no-jokers = { $cards } : cette partie se joue sans { -joker }.
rules-one-joker-per-meld = { $cards } n'est pas une { -combinaison } : un seul { -joker } par { -combinaison }.
rules-too-many-jokers = { $cards } n'est pas une { -combinaison } : une { -combinaison } ne peut pas contenir plus de { -joker }s que de cartes naturelles.
rules-needs-naturals = { $cards } n'est pas une { -combinaison } : il faut des cartes naturelles.
rules-set-size = { $cards } n'est ni un { -brelan } ni un { -carre } : 3 ou 4 cartes, une de chaque couleur.
rules-set-joker-rank = { $cards } n'est ni un { -brelan } ni un { -carre } : le { -joker } doit remplacer un { $rank }.
rules-set-suit-taken = { $cards } n'est ni un { -brelan } ni un { -carre } : les couleurs doivent toutes être différentes ({ $card } y est déjà).
rules-run-joker-suit = { $cards } n'est pas une { -suite } : le { -joker } doit remplacer une carte à { $suit }.
rules-run-too-long = { $cards } n'est pas une { -suite } : une { -suite } compte au plus 13 cartes (de A à K, ou de 2 à A).
rules-run-corner = { $cards } n'est pas une { -suite } : une { -suite } ne fait pas le tour (K-A-2).
rules-ace-low = { $cards } n'est pas une { -suite } : ici l'as est bas (A-2-3, jamais Q-K-A).
rules-not-in-sequence = { $cards } n'est pas une { -suite } : les cartes ne se suivent pas.
rules-lay-off-no-card = Indiquez au moins une carte à ajouter.
rules-no-joker-swap = L'échange du { -joker } ne se joue pas à cette table.
rules-swap-with-joker = Échangez un { -joker } contre la carte naturelle qu'il remplace, pas contre un { -joker }.
rules-no-joker-in-meld = { $meld } ne contient pas de { -joker }.
rules-swap-set-naturals = Dans un { -brelan }, le { -joker } ne se prend qu'avec 3 cartes naturelles à côté ({ $meld }).
rules-swap-wrong-card = Le { -joker } de { $meld } remplace { $wanted }, et non { $card }.
rules-keep-final-discard = Gardez une carte à défausser : pour finir, il faut une dernière défausse.
rules-keep-only-taken = Vous ne pouvez pas garder seulement { $card }, la carte prise sur la { -defausse } : vous ne pourriez pas la défausser.
rules-meld-no-card = Indiquez les cartes à poser.
rules-swap-before-opening = Seul un joueur qui a fait sa première { -pose } peut prendre un { -joker } sur la table.
rules-swap-one-at-a-time = Jouez le { -joker } déjà pris avant d'en prendre un autre.
rules-play-taken-joker = Vous avez pris un { -joker } sur la table : rejouez-le pendant ce tour.
rules-deal-over = Cette { -donne } est finie.
rules-stock-empty-take-discard = Le { -talon } est vide et ne peut pas être refait : prenez la carte de la { -defausse }.

## Refus du salon d'attente et de la table (rummy/lobby.py, table.py)
rules-table-closed = Cette table est fermée.
rules-host-leaves = Vous êtes l'hôte : lancez la partie, ou annulez la table avec /lobby cancel.
rules-kick-host = L'hôte ne peut pas être exclu : annulez plutôt la table.
rules-member-not-seated = Ce membre ne joue pas à cette table.
rules-no-computer-player = Il n'y a pas de robot à cette table.
rules-too-many-seated = { $n ->
       *[one] { $n } joueur est déjà assis.
        [other] { $n } joueurs sont déjà assis.
    }
rules-not-enough-players = Il faut au moins { $n ->
       *[one] { $n } joueur
        [other] { $n } joueurs
    } pour commencer : invitez quelqu'un ou installez un robot.
rules-not-started-yet = La partie n'a pas encore commencé.
rules-already-left = { $name } a déjà quitté la partie.

## Refus de /lobby set (rummy/rules.py, table_options.py)
rules-takes-yes-no = { $rule } prend yes ou no (oui ou non), pas { $value }.
rules-takes-one-of = { $rule } prend l'une des valeurs { $choices }, pas { $value }.
rules-needs-number = { $rule } demande un nombre.
rules-needs-whole-number = { $rule } demande un nombre entier, pas { $value }.
rules-at-least = { $rule } doit valoir au moins { $min }.
rules-at-most = { $rule } doit valoir au plus { $max }.
rules-needs-seconds = { $rule } demande un nombre de secondes, pas { $value }.
rules-turn-timer-range = turn_timer prend 0 (désactivé) ou de { $min } à { $max } secondes, pas { $value }.

## Une carte illisible (rummy/cards.py)
rules-bad-card = { $card } n'est pas une carte (essayez 7H, 10S, QD, AC, 7♥, ou JK pour un { -joker })
rules-bad-card-joker-for-joker = { $card } n'est pas une carte : un { -joker } ne peut pas remplacer un { -joker }
rules-bad-card-empty = { $card } n'est pas une carte : carte vide
rules-bad-card-only-joker-stands = { $card } n'est pas une carte : seul un { -joker } peut remplacer une autre carte
rules-bad-card-pin = { $card } n'est pas une carte : le { -joker } ne peut pas remplacer { $pin }

## Refus en jeu (rummy/plays.py, game.py)
rules-no-such-meld = Il n'y a pas de { -combinaison } n° { $number } sur la table (elles sont numérotées de 1 à { $last }).
rules-no-meld-yet = Il n'y a pas de { -combinaison } n° { $number } sur la table.
rules-left-game = Vous avez quitté cette partie.
rules-eliminated = Vous êtes éliminé de cette partie : votre score a atteint la limite.
rules-not-dealt-in = Vous ne jouez pas cette { -donne }.
cmd-choice-pictures-and-text = images et texte
cmd-choice-text-only = texte seul

## The end of a deal and of a game, the Rematch, and spectators (cogs/ui/ending.py, rematch.py, spectator.py)
ev-walkover = Tous les autres sont partis : { $name } gagne par forfait. Une victoire par forfait ne compte pas au classement.
ev-hands = Restait en main : { $hands }.
hand-left = { $name } avec { $cards } ({ $points ->
        [one] { $points } point
       *[other] { $points } points
    })
board-walkover = Rami : { $title }, victoire par forfait
end-ratings = Cote sur ce serveur
end-rating-up = { $name } : +{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }, désormais { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-rating-down = { $name } : −{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }, désormais { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-rating-same = { $name } : inchangée, { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
end-footer = Revanche ouvre ici une nouvelle table avec les mêmes joueurs et les mêmes règles ; chacun peut la quitter avant le début.
btn-rematch = Revanche
rematch-opened = { $name } ouvre une revanche. À la table : { $players }. Quittez la table si vous ne jouez pas ; l'hôte lance la partie.
rematch-not-seated = Plus dans ce salon, donc pas assis : { $names }.
rematch-busy = Une table est déjà ouverte dans ce salon : terminez-la ou annulez-la avant une revanche.
rules-rematch-not-over = Cette partie n'est pas encore terminée.
watch-title = Vous regardez
watch-lobby = La table est ouverte : appuyez sur Rejoindre (ou tapez /lobby join) pour prendre place.
watch-playing = Vous ne jouez pas dans cette partie. Attendez la prochaine, ou la Revanche à la fin de celle-ci.

## Les refus du moteur de règles, la fin (issue 21 : rummy/actions.py, rules.py, melds.py, deal.py, lobby.py...)
rules-meld-syntax = Indiquez les cartes à poser, par exemple `7H 8H 9H | QC QD QS`.
rules-draw-from = Piochez dans le { -talon } ou prenez la carte de la { -defausse }, pas { $source }.
rules-move-syntax = Écrivez `{ $verb } CARTES { $word } N`, où N est le numéro de la { -combinaison } sur la table.
rules-swap-one-card = Un échange met une seule carte à la place d'un { -joker }.
rules-discard-one-card = Défaussez une seule carte.
rules-not-an-action = { $verb } n'est pas une action : `draw`, `meld`, `layoff`, `swap` ou `discard`.
rules-seat-not-to-move = Ce n'est pas à cette place de jouer.
rules-deal-goes-on = Cette { -donne } avance encore.
rules-not-a-move = { $action } n'est pas un coup possible.
rules-no-such-seat = Il n'y a pas de place { $seat } à cette table.
rules-bot-levels = Les niveaux des robots sont { $levels }, pas { $level }.
rules-no-such-setting = Il n'y a pas de règle ni d'option appelée { $name }.
rules-safe-play-stuck = Le coup joué à la place du joueur n'a pas terminé son tour.
rules-seconds-range = { $rule } prend un nombre de secondes de { $min } à { $max }.
rules-seconds-range-whole = { $rule } prend un nombre entier de secondes de { $min } à { $max }.
rules-cannot-lay-off = { $cards } ne peut pas compléter { $meld } : { $why }
rules-set-rank-only = seul un { $rank } peut compléter un { -brelan } de { $rank }.
rules-joker-holds-place = { $cards } : un { -joker } tient déjà la place de { $card }.
rules-joker-holds-place-swap = { $cards } : un { -joker } tient déjà la place de { $card } (prenez-le plutôt par un échange du { -joker }).
rules-no-such-rule = Il n'y a pas de règle maison appelée { $name }.
rules-seats-range =
    Une table compte de { $min } à { $max ->
        [one] { $max } place
       *[other] { $max } places
    }.
rules-swap-needs-jokers = L'échange du { -joker } demande des { -joker }s dans le jeu.
rules-lay-off-needs-opening = Compléter seulement après l'ouverture demande un seuil d'ouverture.
rules-elimination-needs-penalty = L'élimination demande de compter des points de pénalité.
rules-target-needs-winner-collects = Un score à atteindre demande que le gagnant encaisse les points.
rules-hand-too-small =
    Une main de { $n ->
        [one] { $n } carte
       *[other] { $n } cartes
    } ne peut jamais finir : distribuez-en au moins { $min }.
rules-players-range =
    Le rami se joue de { $min } à { $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }, pas { $n }.
rules-seats-at-most =
    Cette table compte au plus { $max ->
        [one] { $max } place
       *[other] { $max } places
    }.
rules-pack-too-small =
    À { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }, { $size ->
        [one] { $size } carte
       *[other] { $size } cartes
    } chacun demandent { $dealt ->
        [one] { $dealt } carte
       *[other] { $dealt } cartes
    } et en laissent trop peu pour piocher : le jeu en compte { $pack }.
rules-opening-unreachable =
    À { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }, une ouverture à { $opening } est impossible : { $size ->
        [one] { $size } carte fait
       *[other] { $size } cartes font
    } au plus { $reach ->
        [one] { $reach } point
       *[other] { $reach } points
    }.
rules-unknown-preset = Variante inconnue { $name } : choisissez parmi { $presets }.

## Les règles en clair (/rules) : un message par fait de rummy/describe.py (describe.<clé>).
## Un message « -brief » est la version courte, quand le texte entier ne tiendrait pas en un message.
describe-decided = { $text } (décision)
describe-title = **{ $title }** (variante `{ $name }`)
describe-title-house = **{ $title }** (variante `{ $name }`, règles maison)
describe-levels = **Robots** (`/lobby addbot`) : { $levels }.
describe-pack =
    De { $min } à { $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }. **Cartes** : { $packs }.
describe-pack-no-jokers =
    De { $min } à { $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }. **Cartes** : { $packs }, sans { -joker }.
describe-decks =
    { $decks ->
        [one] { $decks } jeu
       *[other] { $decks } jeux
    }
describe-decks-jokers =
    { $decks ->
        [one] { $decks } jeu
       *[other] { $decks } jeux
    } et { $jokers ->
        [one] { $jokers } { -joker }
       *[other] { $jokers } { -joker }s
    }
describe-first-group =
    { $value } à { $hi ->
        [one] { $span } joueur
       *[other] { $span } joueurs
    }
describe-next-group = { $value } à { $span }
describe-cards-each =
    { $n ->
        [one] { $n } carte chacun
       *[other] { $n } cartes chacun
    }
describe-deal = **Distribution** : { $size } ; { $first } ; le reste forme le { -talon }. { $starts }.
describe-deal-brief = **Distribution** : { $size } ; { $first }. { $starts }.
describe-starter-extra-card = le premier joueur reçoit une carte de plus et commence la { -defausse } sans piocher ; { $meld }
describe-starter-extra-card-brief = le premier joueur a une carte de plus, sans piocher ; { $meld }
describe-upcard = la carte suivante, retournée, commence la { -defausse }
describe-upcard-brief = la carte suivante commence la { -defausse }
describe-starter-may-meld = il peut poser dès ce tour
describe-starts = Le joueur à gauche du donneur commence ; { $rotates }
describe-starts-winner-deals = Le joueur à gauche du donneur commence ; { $rotates } ; à 2 joueurs, le gagnant distribue
describe-who-starts = le donneur tourne à chaque { -donne }
describe-turn = **Tour** : piochez (au { -talon } ou à la { -defausse }), posez ({ $melds }), complétez, défaussez. { $discard }.
describe-one-meld-per-turn = une seule nouvelle { -combinaison } par tour
describe-any-melds = autant de { -combinaison(n: "other") } que voulu
describe-discard-rule = La carte prise dans la { -defausse } ne se rejette pas au même tour
describe-melds = **{ -combinaison(n: "other", capitalization: "uppercase") }** : { -brelan }s et { -carre }s (3 ou 4 cartes de même valeur, couleurs différentes) ; { -suite }s de 3 cartes ou plus d'une couleur ; { $ace }, jamais K-A-2.
describe-melds-brief = **{ -combinaison(n: "other", capitalization: "uppercase") }** : { -brelan }s et { -carre }s (même valeur, couleurs différentes) ; { -suite }s de 3+ d'une couleur ; { $ace }, jamais K-A-2.
describe-melds-jokers = **{ -combinaison(n: "other", capitalization: "uppercase") }** : { -brelan }s et { -carre }s (3 ou 4 cartes de même valeur, couleurs différentes) ; { -suite }s de 3 cartes ou plus d'une couleur ; { $ace }, jamais K-A-2. { $joker }
describe-melds-jokers-brief = **{ -combinaison(n: "other", capitalization: "uppercase") }** : { -brelan }s et { -carre }s (même valeur, couleurs différentes) ; { -suite }s de 3+ d'une couleur ; { $ace }, jamais K-A-2. { $joker }
describe-ace-low-or-high = l'as bas ou haut (A-2-3, Q-K-A)
describe-ace-low = l'as seulement bas (A-2-3, jamais Q-K-A)
describe-one-joker = un seul par { -combinaison }
describe-jokers-per-meld = jamais plus de { -joker }s que de cartes naturelles
describe-joker-lower = Un { -joker } remplace toute carte, { $limit } ; sa carte est fixée à la { -pose }, toujours la plus basse si deux conviennent.
describe-joker-choice = Un { -joker } remplace toute carte, { $limit } ; sa carte est fixée à la { -pose } (nommez-la : JK=6S ; sinon, la plus basse).
describe-joker-choice-brief = Un { -joker } remplace toute carte, { $limit } ; sa carte est fixée à la { -pose } (sinon, la plus basse).
describe-opening-none = **Ouverture** : aucune.
describe-opening = **Ouverture** : votre première { -pose } vaut au moins { $points ->
        [one] { $points } point
       *[other] { $points } points
    } : 2 à 10 leur valeur, J Q K 10, { $ace } ; { $set }.
describe-opening-brief = **Ouverture** : votre première { -pose } vaut au moins { $points ->
        [one] { $points } point
       *[other] { $points } points
    } : { $ace } ; { $set }.
describe-opening-jokers = **Ouverture** : votre première { -pose } vaut au moins { $points ->
        [one] { $points } point
       *[other] { $points } points
    } : 2 à 10 leur valeur, J Q K 10, { $ace } ; { $set }, un { -joker } vaut sa carte.
describe-opening-jokers-brief = **Ouverture** : votre première { -pose } vaut au moins { $points ->
        [one] { $points } point
       *[other] { $points } points
    } : { $ace } ; { $set }, un { -joker } vaut sa carte.
describe-opening-ace-low = as 1 dans A-2-3
describe-opening-ace-high = as 1 dans A-2-3, 11 après K
describe-ace-in-set = un as vaut 11 dans un { -brelan }
describe-lay-offs = **Compléter** les { -combinaison(n: "other") } de la table : { $when }. Une { -combinaison } posée ne se défait jamais.
describe-lay-offs-brief = **Compléter** les { -combinaison(n: "other") } de la table : { $when }.
describe-lay-offs-swap = **Compléter** les { -combinaison(n: "other") } de la table : { $when }. Une { -combinaison } posée ne se défait jamais. **Échange du { -joker }** : une fois ouvert, prenez un { -joker } posé en le remplaçant par sa carte exacte, puis reposez-le dans le tour si possible ; dans un { -brelan }, seulement avec 3 cartes naturelles.
describe-lay-offs-swap-brief = **Compléter** : { $when }. **Échange du { -joker }** : une fois ouvert, contre sa carte exacte, à rejouer dans le tour ; dans un { -brelan }, avec 3 naturelles.
describe-lay-off-any-time = à chaque tour
describe-lay-off-after-opening = une fois ouvert, dès le tour de l'ouverture
describe-lay-off-after-opening-later-turns = aux tours qui suivent votre ouverture
describe-going-out = **Finir** : { $out }. { $rummy }.
describe-final-discard = finissez par une défausse : vous ne pouvez pas poser toute votre main
describe-empty-hand = une main vide termine la { -donne } ; { $optional }
describe-final-discard-optional = la dernière défausse est facultative
describe-rummy-doubles = Le { -rami-sec } (tout poser en un tour, sans avoir rien posé ni complété avant) double les points
describe-rummy-doubles-brief = Le { -rami-sec } double les points
describe-rami-sec-off = Le { -rami-sec } ne double pas
describe-stock = **{ -talon(capitalization: "uppercase") } vide** : { $refill }. S'il ne peut plus être refait, { $ends }.
describe-never-rebuilt = le { -talon } n'est jamais refait
describe-refill-turn-whole-pile = toute la { -defausse } est retournée sans être mélangée et fait le { -talon }, { $times }
describe-refill-turn-keep-top = la { -defausse } sauf sa carte du dessus est retournée sans être mélangée et fait le { -talon }, { $times }
describe-refill-shuffle-keep-top = la { -defausse } sauf sa carte du dessus est mélangée en un nouveau { -talon }, { $times }
describe-refill-unlimited = sans limite
describe-refill-once = une seule fois
describe-refill-at-most = { $n } fois au plus
describe-next-may-take = le joueur suivant peut prendre la carte de la { -defausse } ; sinon, { $refill }
describe-turn-cap =
    à la limite de { $n ->
        [one] { $n } tour
       *[other] { $n } tours
    }
describe-dead-nobody-scores = personne ne marque
describe-dead-lowest-hand-wins = la main la plus faible gagne
describe-ends-dead = ou { $cap }, la { -donne } s'arrête et { $dead }
describe-ends-stalled = { $cap }, ou { $stalled }, la { -donne } s'arrête et personne ne marque
describe-ends-dead-stalled = ou { $cap }, la { -donne } s'arrête et { $dead } ; { $stalled }, elle s'arrête et personne ne marque
describe-stalled-deal = si tous sont d'accord, le { -talon } refait { $n } fois sans { -pose } ni ajout
describe-scoring = **Points** : le gagnant marque le total des mains des autres. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10.
describe-scoring-jokers = **Points** : le gagnant marque le total des mains des autres. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10, { $joker }.
describe-scoring-penalty = **Points** : { $penalty } ; le gagnant 0. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10.
describe-scoring-penalty-brief = **Points** : { $penalty }. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10.
describe-scoring-penalty-jokers = **Points** : { $penalty } ; le gagnant 0. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10, { $joker }.
describe-scoring-penalty-jokers-brief = **Points** : { $penalty }. Cartes en main : { $ace }, 2 à 10 leur valeur, J Q K 10, { $joker }.
describe-penalty-scoring = chaque perdant marque sa main en pénalité
describe-ace-value = as à { $n }
describe-joker-value = { -joker } à { $n }
describe-game-deals = **Partie** : en { $n ->
        [one] { $n } { -donne }
       *[other] { $n } { -donne(n: "other") }
    } ; le plus de points gagne, à égalité on partage.
describe-game-deals-penalty = **Partie** : en { $n ->
        [one] { $n } { -donne }
       *[other] { $n } { -donne(n: "other") }
    } ; le moins de points gagne, à égalité on partage.
describe-game-target = **Partie** : le premier à { $n ->
        [one] { $n } point
       *[other] { $n } points
    } gagne ; si plusieurs les passent dans la même { -donne }, le plus haut total ; elle s'arrête aussi après { $void }.
describe-game-elimination = **Partie** : { $limit } ; le dernier encore en jeu gagne, ou le plus petit total après { $void }.
describe-game-length =
    atteindre { $n ->
        [one] { $n } point
       *[other] { $n } points
    } élimine
describe-void-deals =
    { $n ->
        [one] { $n } { -donne }
       *[other] { $n } { -donne(n: "other") }
    } de suite sans points
describe-house-rule = { $name } : { $value } (variante : { $preset }), { $help }
describe-house-rules = **Règles maison** :
describe-house-summary = **Règles maison** : { $summary }.
describe-house-count =
    { $n ->
        [one] { $n } changement
       *[other] { $n } changements
    } : { $names }
describe-house-above = **Règles maison** : { $n ->
        [one] { $n } changement
       *[other] { $n } changements
    }, tous indiqués ci-dessus.
describe-turn-brief = **Tour** : piochez, posez ({ $melds }), complétez, défaussez. { $discard }.
describe-refill-turn-whole-pile-brief = toute la { -defausse }, retournée sans mélange, fait le { -talon }, { $times }
describe-refill-turn-keep-top-brief = la { -defausse } sauf sa carte du dessus, retournée sans mélange, fait le { -talon }, { $times }
describe-refill-shuffle-keep-top-brief = la { -defausse } sauf sa carte du dessus, mélangée, fait un nouveau { -talon }, { $times }
describe-ends-dead-stalled-brief = ou { $cap }, la { -donne } s'arrête et { $dead } ; { $stalled }, personne ne marque
describe-next-may-take-brief = le suivant peut prendre la carte de la { -defausse } ; sinon, { $refill }
describe-stock-brief = **{ -talon(capitalization: "uppercase") } vide** : { $refill }. Faute de { -talon }, { $ends }.
describe-jokers-per-meld-brief = pas plus de { -joker }s que de naturelles
describe-one-meld-per-turn-brief = une nouvelle { -combinaison } par tour
describe-game-elimination-brief = **Partie** : { $limit } ; le dernier en jeu gagne, sinon le plus petit total après { $void }.
describe-lay-off-after-opening-brief = après l'ouverture, même ce tour-là

## Deux clics par tour : la main ouverte tenue à jour, ses coups en un clic, la place du joker
open-hand-went-out = 🎉 Vous êtes sorti : cette { -donne } est à vous.
open-hand-deal-over = La { -donne } est finie : voici votre main pour la suivante.
open-hand-game-over = La partie est finie : le classement final est sur la table.
open-hand-left = Vous ne jouez plus à cette table.
btn-lay-suggestion = Poser la suggestion
# $card : la carte de la main, $n : le numéro de la combinaison sur la table
btn-swap = Échanger { $card } dans la { -combinaison } { $n }
ph-swap = Échanger un { -joker }…
ph-joker-place = Quelle carte le { -joker } remplace-t-il ?
builder-joker-place = { $cards } : le { -joker } peut remplacer plusieurs cartes. Choisissez sa place.
# Avant la première pose : les points des combinaisons prêtes face au seuil
builder-total-short =
    { $points } / { $needed ->
        [one] { $needed } point
       *[other] { $needed } points
    } : pas encore assez pour ouvrir.
builder-total-enough =
    { $points } / { $needed ->
        [one] { $needed } point
       *[other] { $needed } points
    } : assez pour ouvrir.

## A quiet channel: the game in a thread (cogs/ui/threads.py)
knob-thread = Jouer la partie dans un fil que le bot ouvre sur le message de la table
thread-name = Rami : { $title }
thread-opened = La partie se joue dans { $thread }.
thread-refused = Je n'ai pas le droit d'ouvrir un fil ici (Créer des fils publics) : la partie se joue dans ce salon.

## Les réglages par défaut du serveur pour les nouvelles tables : /rami defaults (administrateurs), et /rules qui les signale
defaults-manage-guild-only = Seuls les membres qui ont la permission Gérer le serveur peuvent voir ou changer les réglages par défaut des nouvelles tables de ce serveur.
defaults-title = **Réglages par défaut des nouvelles tables de ce serveur** (`/lobby create` ; l'hôte peut encore tout changer avant le début)
defaults-preset = Variante : { $title } (`{ $name }`)
defaults-preset-bot = Variante : { $title } (`{ $name }`, celle du bot)
defaults-house-rules = Règles maison de { $title } (`{ $name }`) :
defaults-no-house-rules = Règles maison : aucune, chaque variante se joue telle qu'elle est écrite.
defaults-options = Réglages de la table : { $options }.
defaults-no-options = Réglages de la table : ceux du bot.
defaults-option = { $name } : { $value }
defaults-preset-set = Quand l'hôte ne choisit pas de variante, les nouvelles tables s'ouvrent désormais avec { $title } (`{ $name }`).
defaults-rule-set = Aux nouvelles tables { $preset } de ce serveur, la règle { $name } est désormais : { $value }.
defaults-rule-preset = Aux nouvelles tables { $preset } de ce serveur, la règle { $name } revient à celle de la variante : { $value }.
defaults-option-set = Aux nouvelles tables de ce serveur, le réglage { $name } est désormais : { $value }.
defaults-reset = Les réglages par défaut de ce serveur sont effacés : les nouvelles tables partent de ceux du bot (basic, sans règles maison, réglages de la table habituels).
defaults-how = Une table ouverte avec une autre variante prend les règles maison de ce serveur pour cette variante ; une revanche garde les réglages de sa partie.
describe-server-rule = { $text } (réglage du serveur)
cmd-rami-defaults = Les réglages par défaut des nouvelles tables : variante, règles maison, réglages de la table
cmd-rami-defaults-show = Voir les réglages par défaut des nouvelles tables de ce serveur
cmd-rami-defaults-preset = La variante qu'ouvre /lobby create quand l'hôte n'en choisit pas
cmd-rami-defaults-preset-preset = La variante des nouvelles tables
cmd-rami-defaults-rule = Une règle maison des tables d'une variante sur ce serveur
cmd-rami-defaults-rule-rule = La règle maison à changer (comme /lobby set la nomme)
cmd-rami-defaults-rule-value = Sa valeur (celle de la variante retire la règle maison)
cmd-rami-defaults-rule-preset = La variante concernée (par défaut : celle du serveur)
cmd-rami-defaults-option = Un réglage des nouvelles tables de ce serveur
cmd-rami-defaults-option-option = Le réglage à changer (turn_timer, bot_pause, hints, thread)
cmd-rami-defaults-option-value = Sa valeur
cmd-rami-defaults-reset = Effacer les réglages par défaut du serveur : les nouvelles tables partent de ceux du bot

## L'historique et le bilan d'un joueur : /history (cogs/history.py, cogs/ui/history.py) et /stats
cmd-history = Les dernières parties d'un joueur sur ce serveur
cmd-history-member = Quel joueur (par défaut : vous)
history-title = Historique des parties
history-intro = Les dernières parties de { $who } sur ce serveur, de la plus récente à la plus ancienne (dates à votre heure).
history-none = { $who } n'a encore terminé aucune partie sur ce serveur.
history-none-self = Vous n'avez encore terminé aucune partie sur ce serveur : vos parties s'afficheront ici dès la fin de la première.
# $place : la place du joueur dans la partie, $seats : le nombre de joueurs
history-place = place { $place } sur { $seats }
# $place : history-place, $game : le numéro de la partie (celui qui ouvre son compte rendu)
history-game = { $place } · { $preset } · partie n° { $game }
history-points =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    } en { $deals ->
        [one] { $deals } { -donne }
       *[other] { $deals } { -donne(n: "other") }
    }
history-points-only =
    { $points ->
        [one] { $points } point
       *[other] { $points } points
    }
history-rating-up = cote +{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }
history-rating-down = cote −{ NUMBER($change, minimumFractionDigits: 1, maximumFractionDigits: 1) }
history-against = contre { $names }
btn-history-newer = Précédent
btn-history-older = Suivant
history-record = Revoir une de ces parties, donne par donne
stats-record =
    { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } · { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    } ({ NUMBER($rate, style: "percent") }) · { $deals ->
        [one] { $deals } { -donne } gagnée
       *[other] { $deals } { -donne(n: "other") } gagnées
    } · { $rummies ->
        [one] { $rummies } { -rami-sec }
       *[other] { $rummies } { -rami-sec(n: "other") }
    }
stats-rating = cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
stats-per-deal = points par { -donne } en moyenne : { NUMBER($average, minimumFractionDigits: 1, maximumFractionDigits: 1) }
stats-streak = plus longue série de victoires : { $streak }
stats-best-season = meilleure place sur une saison : { $place }

## La feuille de partie (cogs/ui/record.py, service GameService.record)
btn-record = Feuille de partie
btn-record-previous = Précédente
btn-record-next = Suivante
btn-record-download = Télécharger
record-title = Partie { $game } : { -donne } { $n } sur { $deals }
record-title-part = Partie { $game } : { -donne } { $n } sur { $deals } ({ $part }/{ $parts })
record-title-end = Partie { $game } : classement final
record-footer = { $title } · page { $page } sur { $pages } · vous seul la voyez · Télécharger donne toute la partie en texte
record-up = Retournée : { $card }.
record-no-up = { $name } a une carte de plus, et aucune carte n'est retournée.
# $moves : les coups du tour, séparés par des virgules (« a pioché, a défaussé 9♠ »)
record-turn = **{ $name }** : { $moves }
record-draw = a pioché
record-take = a pris { $card } dans la { -defausse }
record-meld = a posé { $melds }
record-layoff = a complété la { -combinaison } { $n } avec { $cards } ({ $meld })
record-swap = a mis { $card } dans la { -combinaison } { $n } et pris son { -joker } ({ $meld })
record-discard = a défaussé { $card }
record-propose = { $name } propose d'arrêter cette { -donne }.
record-agree = { $name } accepte d'arrêter cette { -donne }.
record-decline = { $name } veut continuer à jouer.
record-hand =
    { $name } : { $cards } ({ $value ->
        [one] { $value } point
       *[other] { $value } points
    }), marque { $points }
record-hand-empty = { $name } : plus aucune carte, marque { $points }
record-out =
    { $name } est éliminé avec { $score ->
        [one] { $score } point
       *[other] { $score } points
    }.
record-file = La feuille de la partie { $game }, en texte (sa notation est décrite dans docs/record.md, dans les sources du bot).
record-too-big = Cette feuille de partie est trop longue pour être jointe en fichier.
record-unknown = Ce serveur n'a pas de partie de ce numéro.
record-not-finished = Seule une partie jouée jusqu'au bout a une feuille de partie.
record-missing = Cette partie a été jouée avant que le bot ne tienne les feuilles de partie : elle n'en a pas.

## Les saisons et un classement juste (cogs/ui/boards.py, cogs/ui/season_choice.py, cogs/seasons.py)
# $month : de 1 à 12 ; $year : l'année, en texte
season-month = { $month ->
        [1] janvier
        [2] février
        [3] mars
        [4] avril
        [5] mai
        [6] juin
        [7] juillet
        [8] août
        [9] septembre
        [10] octobre
        [11] novembre
       *[12] décembre
    } { $year }
season-quarter = T{ $quarter } { $year }
lb-title-season = Classement de la saison { $season } : { $preset }
lb-title-all-time = Classement de tous les temps : { $preset }
lb-provisional = Provisoires : moins de { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    }, pas encore classés
# Un joueur provisoire : $games parties jouées sur les $needed qu'il faut pour être classé
lb-provisional-line = { $name } : { $games } sur { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    } · cote { NUMBER($rating, minimumFractionDigits: 1, maximumFractionDigits: 1) }
lb-only-provisional = Personne n'a encore joué { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    } sur ce classement : les joueurs provisoires sont ci-dessous.
lb-season-empty = Aucune partie n'a encore compté dans cette saison.
# $when : une date et une heure que Discord montre dans le fuseau de chaque lecteur
lb-season-ends = Cette saison se termine le { $when }.
lb-fair = Moins de { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    } : provisoire, à part. { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    } sans partie : hors du classement jusqu'à la suivante.
season-choice-current = saison en cours ({ $season })
season-choice-all-time = de tous les temps
season-unknown = Ce serveur n'a pas de telle saison : choisissez-en une dans la liste.
season-mode-unknown = Les saisons sont désactivées, mensuelles ou trimestrielles : choisissez dans la liste.
season-set-off = Saisons désactivées : /leaderboard montre un seul classement de tous les temps. Les saisons passées restent lisibles par son option season.
season-set-last = Les saisons sont désormais { $mode ->
        [monthly] mensuelles
       *[quarterly] trimestrielles
    }, avec leurs limites à minuit UTC. La saison en cours, { $season }, se termine le { $ends } ; son classement final sera publié dans le salon de la dernière partie du serveur.
season-set-channel = Les saisons sont désormais { $mode ->
        [monthly] mensuelles
       *[quarterly] trimestrielles
    }, avec leurs limites à minuit UTC. La saison en cours, { $season }, se termine le { $ends } ; son classement final sera publié dans { $channel }.
season-final-title = Classement final de la saison { $season }
season-final-winner = 🏆 La saison { $season } est terminée : { $name } la remporte !
season-final-nobody = La saison { $season } est terminée. Personne n'a joué les { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    } qu'il faut pour être classé : pas de vainqueur cette fois.
season-final-empty = Personne n'a joué { $needed ->
        [one] { $needed } partie
       *[other] { $needed } parties
    } cette saison.
season-final-footer = Chaque saison passée reste lisible : /leaderboard, option season.
cmd-leaderboard-season = Quel classement : saison en cours, de tous les temps, ou saison passée (par défaut : en cours)
cmd-rami-season = Saisons : des classements qui repartent chaque mois ou chaque trimestre (UTC)
cmd-rami-season-mode = désactivées : un seul classement ; mensuelles ou trimestrielles : un nouveau par saison (minuit UTC)
cmd-rami-season-channel = Où publier le classement final de chaque saison (par défaut : salon de la dernière partie)
cmd-choice-season-off = désactivées (un seul classement de tous les temps)
cmd-choice-monthly = mensuelles
cmd-choice-quarterly = trimestrielles

## Tournois (issue 31) : les refus des règles du tournoi (rummy/tournament)
rules-tournament-name-empty = Un tournoi a besoin d'un nom.
rules-tournament-name-too-long = Le nom d'un tournoi tient en { $max ->
        [one] { $max } caractère
       *[other] { $max } caractères
    } au plus.
rules-tournament-table-size = Une table de tournoi accueille de { $min } à { $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }.
rules-tournament-rounds-range = Un tournoi suisse se joue en une à { $max ->
        [one] { $max } manche
       *[other] { $max } manches
    }.
rules-tournament-knockout-rounds = Une élimination directe se joue jusqu'à sa table finale : elle ne prend pas de nombre de manches.
rules-tournament-round-minutes = Une manche dure de { $min } à { $max ->
        [one] { $max } minute
       *[other] { $max } minutes
    }.
rules-tournament-only-organiser = Seul l'organisateur du tournoi peut faire cela.
rules-tournament-over = Ce tournoi est terminé.
rules-tournament-sign-up-closed = Les inscriptions ont fermé au début du tournoi.
rules-tournament-not-entered = Ce joueur ne participe pas à ce tournoi.
rules-tournament-full = Le tournoi est complet ({ $max ->
        [one] { $max } joueur
       *[other] { $max } joueurs
    }).
rules-tournament-person-only = Seule une personne s'inscrit ; les robots, c'est l'organisateur qui les ajoute.
rules-tournament-removed = L'organisateur vous a retiré de ce tournoi.
rules-tournament-already-signed-up = Votre inscription est déjà enregistrée.
rules-tournament-not-playing = Vous ne jouez pas dans ce tournoi.
rules-tournament-already-computer = Un robot joue déjà cette place.
rules-tournament-too-few = Un tournoi a besoin d'au moins { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } pour commencer.
rules-tournament-not-started = Le tournoi n'a pas commencé.
rules-tournament-round-in-play = Une manche est encore en cours.
rules-tournament-paused = Le tournoi est en pause.
rules-tournament-already-paused = Le tournoi est déjà en pause.
rules-tournament-not-paused = Le tournoi n'est pas en pause.
rules-tournament-no-round-left = Il ne reste aucune manche à jouer : le tournoi peut se terminer.
rules-tournament-rounds-left = Il reste des manches à jouer.
rules-tournament-no-round = Aucune manche n'est en cours.
rules-tournament-no-table = Il n'y a pas de table { $n } dans cette manche.
rules-tournament-result-known = La table { $n } a déjà son résultat.
rules-tournament-result-players = Ce résultat n'est pas celui des joueurs de la table { $n }.
rules-tournament-result-places = Les rangs { $places } ne classent pas les { $seats ->
        [one] { $seats } place
       *[other] { $seats } places
    } de la table.
rules-tournament-result-seats = Les places ne correspondent pas aux joueurs de la partie.
rules-tournament-game-not-over = La partie de cette table n'est pas terminée.
tournament-not-allowed = Seul un membre qui peut gérer le serveur (ou qui a son rôle d'organisateur) peut créer un tournoi.
tournament-unknown = Ce tournoi n'existe pas.
tournament-busy = Le tournoi a changé plusieurs fois entre-temps. Veuillez réessayer.

## Tournaments (issue 31): the Discord side (cogs/tournament.py, cogs/ui/tournament_*.py)
cmd-tournament = Tournois : un événement sur plusieurs tables, des inscriptions au classement
cmd-tournament-create = Créer un tournoi dans ce salon (organisateurs)
cmd-tournament-create-name = Le nom du tournoi
cmd-tournament-create-format = Suisse (de nouvelles tables à chaque manche) ou élimination directe (les meilleurs continuent)
cmd-tournament-create-table-size = Le nombre maximal de joueurs à une table (2 à 6)
cmd-tournament-create-preset = Les règles (par défaut : celles du serveur, avec ses règles maison)
cmd-tournament-create-rounds = Nombre de manches d'un tournoi suisse (par défaut : 3 ; l'élimination directe n'en prend pas)
cmd-tournament-create-fill-with-computers = Des robots occupent les places libres (par défaut : non)
cmd-tournament-create-round-minutes = Le temps de chaque manche, en minutes (par défaut : 90)
cmd-tournament-start = Clore les inscriptions et ouvrir les tables de la manche 1 (organisateur)
cmd-tournament-cancel = Annuler le tournoi de ce salon (organisateur)
cmd-tournament-pause = Retenir la manche suivante (organisateur)
cmd-tournament-resume = Laisser venir la manche suivante (organisateur)
cmd-tournament-remove = Retirer un joueur du tournoi (organisateur)
cmd-tournament-replace = Un robot joue la place d'un joueur absent (organisateur)
cmd-choice-format-swiss = suisse
cmd-choice-format-knockout = élimination directe
tournament-none-here = Aucun tournoi n'est en cours dans ce salon.
tournament-channel-taken = Ce salon a déjà un tournoi en cours : annulez-le ou terminez-le d'abord.
tournament-created = Tournoi « { $name } » créé. Les joueurs s'inscrivent avec son bouton ; lancez-le avec /tournament start.
tournament-done-start = Le tournoi a commencé : les tables de la manche 1 sont ouvertes.
tournament-done-cancel = Le tournoi est annulé.
tournament-done-pause = Le tournoi est en pause : la manche suivante attend /tournament resume.
tournament-done-resume = Le tournoi reprend.
tournament-done-remove = { $name } ne joue plus dans le tournoi.
tournament-signed-up = Votre inscription à « { $name } » est enregistrée.
tournament-withdrawn = Vous vous êtes retiré de « { $name } ».
tournament-sign-up = S'inscrire
tournament-withdraw = Se retirer
tournament-format-swiss = suisse
tournament-format-knockout = élimination directe
tournament-field-preset = Règles
tournament-field-format = Formule
tournament-field-rounds = Manches
tournament-rounds-knockout = jusqu'à la table finale
tournament-field-tables = Taille des tables
tournament-table-size = jusqu'à { $n } joueurs{ $fill ->
        [yes] , places libres occupées par des robots
       *[no] {""}
    }
tournament-field-status = État
tournament-status-sign-up = Inscriptions ouvertes
tournament-status-playing = Manche { $round } en cours : { $done } { $tables ->
        [one] table terminée sur { $tables }
       *[other] tables terminées sur { $tables }
    }
tournament-status-between = Manche { $round } jouée
tournament-status-paused = { $status } (en pause)
tournament-status-finished = Terminé
tournament-status-cancelled = Annulé
tournament-field-players = Joueurs ({ $n })
tournament-no-players = Personne ne s'est encore inscrit.
tournament-entrant-computer = robot
tournament-entrant-withdrawn = retiré
tournament-entrant-removed = exclu par l'organisateur
tournament-entrant-replaced = joué par un robot
tournament-field-standings = Classement après la manche { $round }
tournament-standing-line = { $place }. { $name } : { $points } pts (départage { $tiebreak })
tournament-field-podium = Le podium
tournament-table-opens = « { $name } », manche { $round }, table { $table } : { $players }
tournament-table-thread = { $name } : manche { $round }, table { $table }
tournament-table-call = { $players } : votre table de la manche { $round } est ici. Bonne partie !

# issue 31: organiser controls (the organisers' role, a start time, /tournament addbot, remove and
# replace for any entrant, a computer player taking a replaced person's seat in play)
cmd-tournament-create-start-time = Quand il commence seul : 21h, 20h30, 04/12 20h30 (heure du bot) ; par défaut : à la main
cmd-tournament-remove-player = Le participant à retirer (une personne ou un robot)
cmd-tournament-replace-player = La personne dont un robot prend la place, y compris dans une partie en cours
cmd-tournament-addbot = Inscrire un robot pendant les inscriptions (organisateur)
cmd-tournament-organisers = Le rôle dont les membres organisent les tournois (Gérer le serveur)
cmd-tournament-organisers-role = Le rôle des organisateurs (aucun : Gérer le serveur seulement)
tournament-organisers-manage-only = Seuls les membres qui ont la permission Gérer le serveur peuvent nommer le rôle des organisateurs.
tournament-organisers-everyone = @everyone ne peut pas être le rôle des organisateurs : nommez un autre rôle, ou aucun.
tournament-organisers-set = Les membres qui ont { $role } peuvent désormais créer des tournois et utiliser toutes les commandes d'organisateur sur ce serveur.
tournament-organisers-cleared = Plus de rôle d'organisateurs : seuls les membres qui peuvent gérer le serveur organisent désormais les tournois.
tournament-created-at = Tournoi « { $name } » créé. Il commence seul le { $at } ({ $rel }) si au moins deux joueurs sont inscrits ; /tournament start le lance plus tôt.
tournament-start-unreadable = Cette heure de début est illisible. Écrivez par exemple 21h, 20h30, 04/12 20h30 (jour/mois) ou 2026-12-04 20h30, à l'heure du bot ({ $zone }).
tournament-start-past = Cette heure de début est déjà passée ({ $zone }) : donnez-en une à venir.
tournament-start-too-far = Un tournoi commence dans les { $days } jours : donnez une heure plus proche.
tournament-unknown-player = Aucun participant de ce tournoi ne s'appelle « { $name } » : choisissez-en un dans la liste.
tournament-done-addbot = { $name } est inscrit ({ $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }).
tournament-done-replace-now = Un robot joue désormais la place de { $name }, y compris à sa table en cours.
tournament-field-organiser = Organisation
tournament-organiser-and-role = { $organiser } (et les membres de { $role })
tournament-field-starts = Début
tournament-starts-by-hand = quand l'organisateur le lance
tournament-status-waiting = Inscriptions ouvertes : l'heure du début est venue avec moins de { $n } joueurs, l'organisateur le lance avec /tournament start
ev-taken-over = Un robot ({ $level }) joue désormais la place de { $name }.
rules-seat-taken-over = Un robot joue votre place désormais : vous avez été remplacé.

# issue 31: standings display
# $place : une place au classement d'un tournoi (1 à 64), en ordinal, que lisent les autres messages
tournament-ordinal = { $place ->
        [1] 1re
       *[nth] { $place }e
    }
# Un chiffre d'un tournoi (points, départage) seul, au format des nombres de la langue
tournament-figure = { $n }
tournament-podium-line = { $medal } { $name } : { $points } pts
tournament-round-title = { $name } : classement après la manche { $round }
tournament-final-title = { $name } : classement final
tournament-chart-place = Rang
tournament-chart-name = Joueur
tournament-chart-points = Points
tournament-chart-tiebreak = Départage
tournament-chart-more = … et { $n ->
        [one] { $n } autre
       *[other] { $n } autres
    }
tournament-chart-alt = Le classement après la manche { $round }, en image
rematch-tournament = Cette table était celle d'un tournoi : c'est le tournoi qui place les joueurs de la manche suivante, il n'y a donc pas de revanche ici.
stats-tournaments = Tournois
stats-tournament-summary = { $played ->
        [one] { $played } joué
       *[other] { $played } joués
    }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $podiums ->
        [one] { $podiums } podium
       *[other] { $podiums } podiums
    }, meilleure place { $best }
# $place : tournament-ordinal, $entrants : combien le classement en comptait, $date : la date au format de Discord
stats-tournament-line = { $place } sur { $entrants } · « { $name } » · { $date }
