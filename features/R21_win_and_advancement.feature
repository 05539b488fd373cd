@R21
Feature: R21 Win and advancement
  Defenders 0: bankers win and each +3; 1–59: bankers each +2; 60–119: bankers each +1;
  120–179: defenders win, nobody advances; 180–239: defenders each +1; 240–299: each +2;
  300: each +3. Racing out first does not override these score thresholds.

  Seat 0 is the banker throughout and, unless a scenario says otherwise, a solo banker
  (both calls were self-calls); seats 1 to 5 defend. Every level is 3 before the hand, the
  buried cards score nothing and no card left in a hand scores, so the defender total is
  exactly the points the scenario credits to the defenders; the rest of the 300 points
  were captured by seat 0. Totals are multiples of 5, so the band written 1–59 is 5–55
  (D23), and so on.

  @id:R21-001 @D23 @D20
  Scenario Outline: A defender total of <total> is band <band>: the <winners> win and each advances <advance>
    Given a hand in play with seat 0 as banker
    And seat 0 holds "3C"
    And seat 1 holds "4D"
    And seat 1 has captured <total> points
    When seat 0 plays "3C"
    Then the hand ends with "bankers_out"
    And the defender total is <total>
    And the band is "<band>"
    And the <winners> win
    And each winner advances <advance> levels
    And the levels are now "<levels>"

    @R21.1
    Examples: Defenders 0
      | total | band    | winners   | advance | levels      |
      | 0     | 0       | bankers   | 3       | 6 3 3 3 3 3 |

    @R21.2
    Examples: Defenders 5 to 55
      | total | band    | winners   | advance | levels      |
      | 5     | 5-55    | bankers   | 2       | 5 3 3 3 3 3 |
      | 55    | 5-55    | bankers   | 2       | 5 3 3 3 3 3 |

    @R21.3
    Examples: Defenders 60 to 115
      | total | band    | winners   | advance | levels      |
      | 60    | 60-115  | bankers   | 1       | 4 3 3 3 3 3 |
      | 115   | 60-115  | bankers   | 1       | 4 3 3 3 3 3 |

    @R21.4
    Examples: Defenders 120 to 175
      | total | band    | winners   | advance | levels      |
      | 120   | 120-175 | defenders | 0       | 3 3 3 3 3 3 |
      | 175   | 120-175 | defenders | 0       | 3 3 3 3 3 3 |

    @R21.5
    Examples: Defenders 180 to 235
      | total | band    | winners   | advance | levels      |
      | 180   | 180-235 | defenders | 1       | 3 4 4 4 4 4 |
      | 235   | 180-235 | defenders | 1       | 3 4 4 4 4 4 |

    @R21.6
    Examples: Defenders 240 to 295
      | total | band    | winners   | advance | levels      |
      | 240   | 240-295 | defenders | 2       | 3 5 5 5 5 5 |
      | 295   | 240-295 | defenders | 2       | 3 5 5 5 5 5 |

    @R21.7
    Examples: Defenders 300
      | total | band    | winners   | advance | levels      |
      | 300   | 300     | defenders | 3       | 3 6 6 6 6 6 |

  @id:R21-002 @R21.8 @D23 @D20
  Scenario Outline: The defenders go out first but lose on points (<total>)
    Given a hand in play with seat 0 as banker
    And seat 0 holds "8D"
    And seat 4 holds "9D"
    And seat 4 has captured <total> points
    And it is seat 4's turn
    When seat 4 plays "9D"
    Then the hand ends with "defenders_out"
    And the defender total is <total>
    And the bankers win
    And each winner advances <advance> levels

    Examples:
      | total | advance |
      | 0     | 3       |
      | 55    | 2       |
      | 115   | 1       |

  @id:R21-003 @R21.8 @D23 @D20
  Scenario Outline: The bankers go out first but lose on points (<total>)
    Given a hand in play with seat 0 as banker
    And seat 0 holds "3C"
    And seat 1 holds "4D"
    And seat 1 has captured <total> points
    When seat 0 plays "3C"
    Then the hand ends with "bankers_out"
    And the defender total is <total>
    And the defenders win
    And each winner advances <advance> levels

    Examples:
      | total | advance |
      | 120   | 0       |
      | 235   | 1       |
      | 295   | 2       |

  @id:R21-004 @R21.8 @D23 @D20
  Scenario: A side that goes out first with enough points wins
    Given a hand in play with seat 0 as banker
    And seat 0 holds "8D"
    And seat 4 holds "9D"
    And seat 4 has captured 180 points
    And it is seat 4's turn
    When seat 4 plays "9D"
    Then the hand ends with "defenders_out"
    And the band is "180-235"
    And the defenders win
    And the levels are now "3 4 4 4 4 4"

  @id:R21-005 @R21.8 @D16 @D21 @D23
  Scenario: The player who takes the last trick of a one-player-left ending does not win by it
    Given a hand in play with seat 0 as banker
    And the banker called the 1st "AH" and the 3rd "AS"
    And call 1 was resolved by seat 0
    And call 2 is still open
    And seat 2 holds "9D"
    And seat 4 holds "AS 9C"
    And seat 2 has captured 60 points
    And it is seat 2's turn
    When seat 2 plays "9D"
    Then the hand ends with "one_player_left"
    And the defender total is 60
    And the bankers win
    And the levels are now "4 3 3 3 3 3"

  @id:R21-006 @R21.2 @D20 @D23
  Scenario: Every banker-side member advances, partner included
    Given a hand in play with seat 0 as banker
    And the banker called the 1st "AH" and the 1st "AS"
    And call 1 was resolved by seat 3
    And call 2 was resolved by seat 5
    And seat 0 holds "3C"
    And seat 1 holds "4D"
    And seat 1 has captured 30 points
    When seat 0 plays "3C"
    Then the hand ends with "bankers_out"
    And the band is "5-55"
    And the bankers win
    And the advances are "2 0 0 2 0 2"
    And the levels are now "5 3 3 5 3 5"

  @id:R21-007 @R21.5 @D20 @D23
  Scenario: Every defender advances, whether or not they captured points
    Given a hand in play with seat 0 as banker
    And the banker called the 1st "AH" and the 1st "AS"
    And call 1 was resolved by seat 3
    And call 2 was resolved by seat 0
    And seat 0 holds "3C"
    And seat 1 holds "4D"
    And seat 1 has captured 200 points
    When seat 0 plays "3C"
    Then the hand ends with "bankers_out"
    And the band is "180-235"
    And the defenders win
    And the advances are "0 1 1 0 1 1"
    And the levels are now "3 4 4 3 4 4"

  @id:R21-008 @R21.1 @D20 @D23
  Scenario: With no defender points the banker and the partner each advance three levels
    Given a hand in play with seat 0 as banker
    And the banker called the 1st "AH" and the 1st "AS"
    And call 1 was resolved by seat 2
    And call 2 was resolved by seat 0
    And seat 0 holds "8D"
    And seat 4 holds "9D"
    And it is seat 4's turn
    When seat 4 plays "9D"
    Then the hand ends with "defenders_out"
    And the defender total is 0
    And the band is "0"
    And the bankers win
    And the advances are "3 0 3 0 0 0"
    And the levels are now "6 3 6 3 3 3"

  @id:R21-009 @R21.7 @D20 @D22 @D23
  Scenario: With all 300 points every defender advances three levels, the banker none
    Given a hand in play with seat 0 as banker
    And the banker called the 1st "AH" and the 1st "AS"
    And call 1 was resolved by seat 2
    And call 2 was resolved by seat 0
    And seat 0 holds "3C"
    And seat 1 holds "4D"
    And seat 5 has captured 300 points
    When seat 0 plays "3C"
    Then the hand ends with "bankers_out"
    And the defender total is 300
    And the banker total is 0
    And the band is "300"
    And the defenders win
    And the advances are "0 3 0 3 3 3"
    And the levels are now "3 6 3 6 6 6"
