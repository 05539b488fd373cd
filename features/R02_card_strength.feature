@R02
Feature: R02 Card strength
  3 < 4 < 5 < 6 < 7 < 8 < 9 < 10 < J < Q < K < A < 2 < small joker < big joker. Individual
  levels never change card strength or create trump cards.

  Rule: R02.1 The rank order 3 < 4 < … < A < 2 < small joker < big joker decides ordinary plays

    @id:R02-001 @R02.1 @R03.3 @D8 @D11
    Scenario Outline: A single of the next higher rank beats a single
      When "<higher>" is played on "<lower>"
      Then it beats the top play
      And it is read as "single <rank>"

      Examples: every adjacent pair of ranks, lowest first
        | lower | higher | rank |
        | 3S    | 4D     | 4    |
        | 4S    | 5D     | 5    |
        | 5S    | 6D     | 6    |
        | 6S    | 7D     | 7    |
        | 7S    | 8D     | 8    |
        | 8S    | 9D     | 9    |
        | 9S    | 10D    | 10   |
        | 10S   | JD     | J    |
        | JS    | QD     | Q    |
        | QS    | KD     | K    |
        | KS    | AD     | A    |
        | AS    | 2D     | 2    |
        | 2S    | SJ     | SJ   |
        | SJ    | BJ     | BJ   |

    @id:R02-002 @R02.1 @R03.3 @D8 @D11
    Scenario Outline: A single of the next lower rank does not beat a single
      When "<lower>" is played on "<higher>"
      Then it does not beat the top play

      Examples: every adjacent pair of ranks, lowest first
        | lower | higher |
        | 3S    | 4D     |
        | 4S    | 5D     |
        | 5S    | 6D     |
        | 6S    | 7D     |
        | 7S    | 8D     |
        | 8S    | 9D     |
        | 9S    | 10D    |
        | 10S   | JD     |
        | JS    | QD     |
        | QS    | KD     |
        | KS    | AD     |
        | AS    | 2D     |
        | 2S    | SJ     |
        | SJ    | BJ     |

    @id:R02-003 @R02.1 @D8 @D11
    Scenario: A 2 beats an ace as a single
      When "2C" is played on "AS"
      Then it beats the top play
      And it is read as "single 2"

    @id:R02-004 @R02.1 @D8 @D11
    Scenario: The big joker beats a 2 and the small joker beats an ace
      When "BJ" is played on "2S"
      Then it beats the top play
      When "SJ" is played on "AS"
      Then it beats the top play

    @id:R02-005 @R02.1 @D8 @D11
    Scenario: Nothing is higher than a big joker as a single
      When "BJ" is played on "BJ"
      Then it does not beat the top play
      When "2S" is played on "BJ"
      Then it does not beat the top play

    @id:R02-006 @R02.1 @R03.2 @D8 @D11
    Scenario Outline: A card of the same rank never beats, whatever its suit
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top | reply |
        | 7S  | 7H    |
        | 3D  | 3S    |
        | AH  | AS    |
        | 2C  | 2S    |
        | SJ  | SJ    |

    @id:R02-007 @R02.1 @D8 @D9 @D11
    Scenario Outline: Pairs and triples follow the rank order up to the jokers
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top      | reply    | verdict        |
        | AS AH    | 2D 2C    | beats          |
        | 2D 2C    | AS AH    | does not beat  |
        | 2S 2H    | SJ SJ    | beats          |
        | SJ SJ    | BJ BJ    | beats          |
        | BJ BJ    | SJ SJ    | does not beat  |
        | AS AH AD | 2S 2H 2D | beats          |
        | SJ SJ SJ | BJ BJ BJ | beats          |
        | KS KH KD | QS QH QD | does not beat  |

    @id:R02-008 @R02.1 @R03.4 @D8 @D11
    Scenario: The ace is the top of a straight and the highest straight key
      When "10S JH QD KC AS" is played on "9D 10C JC QH KH"
      Then it beats the top play
      And it is read as "straight 10-A"

    @id:R02-009 @R02.1 @D8 @D9 @D11
    Scenario: Only cards above an ace reply to an ace
      When the legal replies from "3H AS 2D SJ BJ" to "AH" are listed
      Then there are 4 legal plays
      And "single 2: 2" is among them
      And "single SJ: SJ" is among them
      And "single BJ: BJ" is among them
      And "rocket: SJ BJ" is among them
      And "single A: A" is not among them
      And "single 3: 3" is not among them

    @id:R02-101 @R02.1 @R03.4 @D8 @D9 @D11
    Scenario Outline: Runs follow the rank order across 10, the faces and the ace
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                        | reply                      | verdict       |
        | 6H 7D 8S 9C 10C            | 9H 10D JS QC KC            | beats         |
        | 9H 10D JS QC KC            | 6H 7D 8S 9C 10C            | does not beat |
        | 9H 9S 10D 10C              | QH QS KD KC                | beats         |
        | QH QS KD KC                | 9H 9S 10D 10C              | does not beat |
        | 10H 10S 10D JH JS JD       | KH KS KD AH AS AD          | beats         |
        | KH KS KD AH AS AD          | 10H 10S 10D JH JS JD       | does not beat |

    @id:R02-801 @R02.1 @R04.2 @D8 @D9 @D12
    Scenario Outline: Cards played in any order are shown weakest first, each rank's suits in the order D C H S
      Given a hand in play with seat 0 as banker
      And seat 0 holds "<held>"
      And seat 1 holds "8D 3C"
      When seat 0 leads "<played>"
      Then the trick's plays are "0: <shown> = <reading>"

      Examples:
        | held                  | played          | shown           | reading         |
        | 4D 3S 5H 6C 7D 9C     | 7D 6C 5H 4D 3S  | 3S 4D 5H 6C 7D  | straight 3-7    |
        | 4D 3S 5H 6C 7D 9C     | 4D 3S 5H 6C 7D  | 3S 4D 5H 6C 7D  | straight 3-7    |
        | SJ 2S 2S 2S 9C        | SJ 2S 2S 2S     | 2S 2S 2S SJ     | triple+single 2 |
        | 5S 10D KC 9C          | KC 10D 5S       | 5S 10D KC       | 5-10-K mixed    |
        | 9S 9C 9H 9D 4C        | 9S 9H 9C 9D     | 9D 9C 9H 9S     | bomb 4x9        |
        | 9S 9D 4C              | 9S 9D           | 9D 9S           | pair 9          |

  Rule: R02.2 Individual levels never change card strength or create trump cards

    @id:R02-010 @R02.2 @R02.1 @D8
    Scenario Outline: The first-hand level 3 is still the lowest single
      When "3S" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top |
        | 4D  |
        | 10D |
        | AD  |
        | 2D  |
        | SJ  |

    @id:R02-011 @R02.2 @R02.1 @D8
    Scenario: Any higher card beats a 3 as it would beat any low single
      When "4D" is played on "3S"
      Then it beats the top play
      And it is read as "single 4"

    @id:R02-012 @R02.2 @D8
    Scenario: A hand of 3s has no reply to a single 4
      When the legal replies from "3H 3S 3D" to "4C" are listed
      Then there are 0 legal plays

    @id:R02-013 @R02.2 @D8
    Scenario: A pair of 3s does not beat a pair of 4s
      When "3H 3S" is played on "4D 4C"
      Then it does not beat the top play

    @id:R02-014 @R02.2 @D8
    Scenario Outline: A level card is no trump: it does not beat the next higher rank
      When "<level card>" is played on "<next>"
      Then it does not beat the top play

      Examples:
        | level card | next |
        | 3H         | 4S   |
        | 7H         | 8S   |
        | KH         | AS   |
        | AH         | 2S   |

    @id:R02-015 @R02.2 @R03.4 @D8 @D9
    Scenario: A 3 still starts a straight and a 2 is still barred from one
      When the cards "3H 4D 5S 6C 7C" are classified
      Then the cards read as "straight 3-7"
      When the cards "JH QD KS AC 2C" are classified
      Then the cards are illegal

    @id:R02-016 @R02.2 @D8
    Scenario: A hand of 3s leads only as plain singles, pairs and triples
      When the legal leads from "3H 3S 3D" are listed
      Then there are 3 legal plays
      And "single 3: 3" is among them
      And "pair 3: 3 3" is among them
      And "triple 3: 3 3 3" is among them
