<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message numerus="yes">
        <source>%n games, mean %1 rounds; %2</source>
        <translation>
            <numerusform>%n Partie, im Mittel %1 Runden; %2</numerusform>
            <numerusform>%n Partien, im Mittel %1 Runden; %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Loaded %1: %n actions replayed.</source>
        <translation>
            <numerusform>%1 geladen: %n Aktion nachgespielt.</numerusform>
            <numerusform>%1 geladen: %n Aktionen nachgespielt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 was written but has %n error(s): %2</source>
        <translation>
            <numerusform>%1 wurde geschrieben, hat aber %n Fehler: %2</numerusform>
            <numerusform>%1 wurde geschrieben, hat aber %n Fehler: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Co-op: none (each seat one nation)</source>
        <translation>Koop: keins (jeder Platz eine Nation)</translation>
    </message>
    <message>
        <source>Co-op: %1 + %2 (together, hot-seat) vs Automa (%3)</source>
        <translation>Koop: %1 + %2 (gemeinsam, am selben Rechner) gegen Automa (%3)</translation>
    </message>
    <message>
        <source>Two players of allied nations play one joint turn together (hot-seat), share money and forts; start marker 1 is the first nation&apos;s, 2 the second&apos;s, 3 shared</source>
        <translation>Zwei Spieler verbündeter Nationen spielen gemeinsam einen Zug (am selben Rechner) und teilen Geld und Forts; Startmarker 1 gehört der ersten Nation, 2 der zweiten, 3 beiden</translation>
    </message>
    <message>
        <source>Co-op: the ally that plays this seat together with it</source>
        <translation>Koop: der Verbündete, der diesen Platz gemeinsam mit ihm spielt</translation>
    </message>
    <message>
        <source>alone</source>
        <translation>allein</translation>
    </message>
    <message>
        <source>+ %1 (together, hot-seat)</source>
        <translation>+ %1 (gemeinsam, am selben Rechner)</translation>
    </message>
</context>
<context>
    <name>ArmiesDialog</name>
    <message>
        <source>%1: assign your units to 3 armies</source>
        <translation>%1: Einheiten auf 3 Armeen verteilen</translation>
    </message>
    <message>
        <source>Drag units between the lists. Each army starts on one of your start chips, revealed when you place it.</source>
        <translation>Ziehe Einheiten zwischen den Listen. Jede Armee beginnt auf einem deiner Startplatz-Chips, der beim Aufstellen aufgedeckt wird.</translation>
    </message>
    <message>
        <source>Unassigned</source>
        <translation>Nicht zugeteilt</translation>
    </message>
    <message>
        <source>Army %1</source>
        <translation>Armee %1</translation>
    </message>
    <message>
        <source>Suggested groups</source>
        <translation>Vorgeschlagene Gruppen</translation>
    </message>
    <message>
        <source>Confirm armies</source>
        <translation>Armeen bestätigen</translation>
    </message>
    <message numerus="yes">
        <source>%n unit(s) are not in an army yet.</source>
        <translation>
            <numerusform>%n Einheit ist noch in keiner Armee.</numerusform>
            <numerusform>%n Einheiten sind noch in keiner Armee.</numerusform>
        </translation>
    </message>
    <message>
        <source>Every army needs at least one unit.</source>
        <translation>Jede Armee braucht mindestens eine Einheit.</translation>
    </message>
</context>
<context>
    <name>BalancePanel</name>
    <message>
        <source>Run</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Heuristic AI against itself on the 2-player half 1–6.</source>
        <translation>Heuristische KI gegen sich selbst auf der 2-Spieler-Hälfte 1–6.</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Partien</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Cannot simulate this map: %1</source>
        <translation>Diese Karte lässt sich nicht simulieren: %1</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Läuft …</translation>
    </message>
    <message>
        <source>%1/%2 games</source>
        <translation>%1/%2 Partien</translation>
    </message>
    <message>
        <source>The simulation stopped: %1</source>
        <translation>Die Simulation wurde abgebrochen: %1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <source>%1: %2 (95% CI %3–%4)</source>
        <translation>%1: %2 (95-%-KI %3–%4)</translation>
    </message>
    <message>
        <source>, was %1</source>
        <translation>, vorher %1</translation>
    </message>
    <message>
        <source>Balance</source>
        <translation>Balance</translation>
    </message>
</context>
<context>
    <name>Counters</name>
    <message>
        <source>Inf</source>
        <translation>Inf</translation>
    </message>
    <message>
        <source>HvInf</source>
        <translation>SchInf</translation>
    </message>
    <message>
        <source>MtInf</source>
        <translation>BerInf</translation>
    </message>
    <message>
        <source>Med</source>
        <translation>San</translation>
    </message>
    <message>
        <source>AT</source>
        <translation>PzAbw</translation>
    </message>
    <message>
        <source>AA</source>
        <translation>Flak</translation>
    </message>
    <message>
        <source>ArmCar</source>
        <translation>PzWag</translation>
    </message>
    <message>
        <source>StuG</source>
        <translation>StuG</translation>
    </message>
    <message>
        <source>Bertha</source>
        <translation>Berta</translation>
    </message>
    <message>
        <source>Ftr</source>
        <translation>KFlug</translation>
    </message>
    <message>
        <source>Turret</source>
        <translation>Turm</translation>
    </message>
    <message>
        <source>Gas</source>
        <translation>Gas</translation>
    </message>
    <message>
        <source>GrdAtk</source>
        <translation>SchlFl</translation>
    </message>
    <message>
        <source>Gunbt</source>
        <translation>KBoot</translation>
    </message>
    <message>
        <source>HvMor</source>
        <translation>SMörs</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Haub</translation>
    </message>
    <message>
        <source>MkI F</source>
        <translation>MkI F</translation>
    </message>
    <message>
        <source>Mines</source>
        <translation>Minen</translation>
    </message>
    <message>
        <source>RlGun</source>
        <translation>SchGes</translation>
    </message>
    <message>
        <source>FT-17</source>
        <translation>FT-17</translation>
    </message>
    <message>
        <source>Tank</source>
        <translation>Pz</translation>
    </message>
    <message>
        <source>Transp</source>
        <translation>TrWag</translation>
    </message>
    <message>
        <source>TClub</source>
        <translation>Keule</translation>
    </message>
    <message>
        <source>Zepp</source>
        <translation>Zepp</translation>
    </message>
</context>
<context>
    <name>Currency</name>
    <message>
        <source>coins</source>
        <translation>Münzen</translation>
    </message>
</context>
<context>
    <name>DiceView</name>
    <message>
        <source> hits on ≤%1</source>
        <translation> trifft bei ≤%1</translation>
    </message>
    <message numerus="yes">
        <source>%1%2: %n hit(s) → %3 damage</source>
        <translation>
            <numerusform>%1%2: %n Treffer → %3 Schaden</numerusform>
            <numerusform>%1%2: %n Treffer → %3 Schaden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>EndDialog</name>
    <message>
        <source>held enough forts</source>
        <translation>hielt genug Forts</translation>
    </message>
    <message>
        <source>the other side surrendered</source>
        <translation>die Gegenseite hat kapituliert</translation>
    </message>
    <message>
        <source>the other side has no fighting units left</source>
        <translation>die Gegenseite hat keine kampffähigen Einheiten mehr</translation>
    </message>
    <message>
        <source>Play-test over</source>
        <translation>Spieltest beendet</translation>
    </message>
    <message>
        <source>&lt;h2&gt;%1 (%2) wins&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;%1 (%2) gewinnt&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>by %1: %2. Forts at the end: %3 (%4 to win).</source>
        <translation>durch %1: %2. Forts am Ende: %3 (%4 zum Sieg).</translation>
    </message>
    <message numerus="yes">
        <source>%n round(s),</source>
        <translation>
            <numerusform>%n Runde,</numerusform>
            <numerusform>%n Runden,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n actions.</source>
        <translation>
            <numerusform>%n Aktion.</numerusform>
            <numerusform>%n Aktionen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Forts held after each turn:</source>
        <translation>Gehaltene Forts nach jedem Zug:</translation>
    </message>
    <message>
        <source>Units destroyed: %1</source>
        <translation>Zerstörte Einheiten: %1</translation>
    </message>
    <message>
        <source>No unit was destroyed in this game.</source>
        <translation>In dieser Partie wurde keine Einheit zerstört.</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>FortChart</name>
    <message>
        <source>turns →</source>
        <translation>Züge →</translation>
    </message>
    <message>
        <source>dashed: forts to win</source>
        <translation>gestrichelt: Forts zum Sieg</translation>
    </message>
</context>
<context>
    <name>GameOver</name>
    <message>
        <source>trigger %1</source>
        <translation>Auslöser %1</translation>
    </message>
    <message>
        <source>objective %1</source>
        <translation>Ziel %1</translation>
    </message>
    <message>
        <source>forts</source>
        <translation>Forts</translation>
    </message>
    <message>
        <source>elimination</source>
        <translation>Vernichtung</translation>
    </message>
    <message>
        <source>victory points</source>
        <translation>Siegpunkte</translation>
    </message>
    <message>
        <source>mutual destruction</source>
        <translation>gegenseitige Vernichtung</translation>
    </message>
    <message>
        <source>surrender</source>
        <translation>Kapitulation</translation>
    </message>
    <message>
        <source>draw</source>
        <translation>Unentschieden</translation>
    </message>
</context>
<context>
    <name>MoneyDialog</name>
    <message>
        <source>Money</source>
        <translation>Geldgeschäfte</translation>
    </message>
    <message>
        <source>Buy (money phase; into one of your forts)</source>
        <translation>Kaufen (Geldphase; in eines deiner Forts)</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>Preis</translation>
    </message>
    <message>
        <source>Owned / limit</source>
        <translation>Im Besitz / Limit</translation>
    </message>
    <message>
        <source>Why not</source>
        <translation>Warum nicht</translation>
    </message>
    <message>
        <source>For</source>
        <translation>Für</translation>
    </message>
    <message>
        <source>Co-op: the unit joins this nation&apos;s units (one shared pool pays for it)</source>
        <translation>Koop: die Einheit kommt zu den Einheiten dieser Nation (die gemeinsame Kasse bezahlt sie)</translation>
    </message>
    <message>
        <source>Into fort</source>
        <translation>In Fort</translation>
    </message>
    <message>
        <source>Pick on map…</source>
        <translation>Auf der Karte wählen …</translation>
    </message>
    <message>
        <source>Highlight every legal water hex; click one to buy there</source>
        <translation>Alle erlaubten Wasserfelder hervorheben; ein Klick kauft dort</translation>
    </message>
    <message>
        <source>Buy selected</source>
        <translation>Auswahl kaufen</translation>
    </message>
    <message>
        <source>Repair (units in a fort since the start of the turn)</source>
        <translation>Reparieren (Einheiten, die seit Zugbeginn in einem Fort stehen)</translation>
    </message>
    <message>
        <source>Damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <source>Cost / why not</source>
        <translation>Kosten / warum nicht</translation>
    </message>
    <message>
        <source>Repair selected</source>
        <translation>Auswahl reparieren</translation>
    </message>
    <message>
        <source>Gift to an ally</source>
        <translation>Schenkung an einen Verbündeten</translation>
    </message>
    <message>
        <source>Give</source>
        <translation>Schenken</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source> (one shared pool)</source>
        <translation> (eine gemeinsame Kasse)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; has &lt;b&gt;%2&lt;/b&gt; %3%7; income %4 per money phase (%5 per fort). Phase: %6.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; hat &lt;b&gt;%2&lt;/b&gt; %3%7; Einkommen %4 pro Geldphase (%5 pro Fort). Phase: %6.</translation>
    </message>
    <message>
        <source> (special)</source>
        <translation> (Spezialeinheit)</translation>
    </message>
    <message>
        <source> (onto water)</source>
        <translation> (aufs Wasser)</translation>
    </message>
    <message>
        <source>special unit (random draw)</source>
        <translation>Spezialeinheit (zufällig gezogen)</translation>
    </message>
    <message>
        <source>No damaged unit to repair.</source>
        <translation>Keine beschädigte Einheit zu reparieren.</translation>
    </message>
    <message>
        <source>Cannot repair: %1</source>
        <translation>Reparatur nicht möglich: %1</translation>
    </message>
    <message>
        <source>fee %1</source>
        <translation>Gebühr %1</translation>
    </message>
    <message>
        <source>co-op: the ally shares this pool</source>
        <translation>Koop: der Verbündete teilt diese Kasse</translation>
    </message>
    <message>
        <source>no ally in this game</source>
        <translation>kein Verbündeter in dieser Partie</translation>
    </message>
    <message>
        <source>Onto water hex</source>
        <translation>Auf Wasserfeld</translation>
    </message>
    <message>
        <source>[%1, %2] water</source>
        <translation>[%1, %2] Wasser</translation>
    </message>
    <message>
        <source>no free water hex</source>
        <translation>kein freies Wasserfeld</translation>
    </message>
    <message>
        <source>Pick a unit type and a free water hex.</source>
        <translation>Wähle einen Einheitentyp und ein freies Wasserfeld.</translation>
    </message>
    <message>
        <source>Pick a unit type and one of your forts.</source>
        <translation>Wähle einen Einheitentyp und eines deiner Forts.</translation>
    </message>
</context>
<context>
    <name>Nations</name>
    <message>
        <source>Germany</source>
        <translation>Deutschland</translation>
    </message>
    <message>
        <source>Austria-Hungary</source>
        <translation>Österreich-Ungarn</translation>
    </message>
    <message>
        <source>France</source>
        <translation>Frankreich</translation>
    </message>
    <message>
        <source>Britain</source>
        <translation>Großbritannien</translation>
    </message>
</context>
<context>
    <name>Phases</name>
    <message>
        <source>setup</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>move</source>
        <translation>Einheiten bewegen</translation>
    </message>
    <message>
        <source>declare</source>
        <translation>Angriffe benennen</translation>
    </message>
    <message>
        <source>combat</source>
        <translation>Kämpfe</translation>
    </message>
    <message>
        <source>money</source>
        <translation>Geldgeschäfte</translation>
    </message>
    <message>
        <source>over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>assign</source>
        <translation>zuteilen</translation>
    </message>
    <message>
        <source>place</source>
        <translation>aufstellen</translation>
    </message>
    <message>
        <source>hq</source>
        <translation>Hauptquartier</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
</context>
<context>
    <name>PlayLayer</name>
    <message>
        <source>enter</source>
        <translation>hinein</translation>
    </message>
    <message>
        <source>capture</source>
        <translation>erobern</translation>
    </message>
    <message>
        <source>board</source>
        <translation>einsteigen</translation>
    </message>
</context>
<context>
    <name>PlayMode</name>
    <message>
        <source>Play-test saves (*.json);;All files (*)</source>
        <translation>Spieltest-Spielstände (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>no play-test</source>
        <translation>kein Spieltest</translation>
    </message>
    <message>
        <source>Cannot undo: %1</source>
        <translation>Rückgängig nicht möglich: %1</translation>
    </message>
    <message>
        <source>Took back &apos;%1&apos;.</source>
        <translation>„%1“ zurückgenommen.</translation>
    </message>
    <message>
        <source>Time is up: the planned attacks are declared</source>
        <translation>Die Zeit ist um: die geplanten Angriffe sind benannt</translation>
    </message>
    <message>
        <source>Restarted with seed %1.</source>
        <translation>Neu gestartet mit Startwert %1.</translation>
    </message>
    <message>
        <source>Save play-test</source>
        <translation>Spieltest speichern</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>%1 konnte nicht gespeichert werden: %2</translation>
    </message>
    <message>
        <source>Saved the play-test to %1</source>
        <translation>Spieltest gespeichert in %1</translation>
    </message>
    <message>
        <source>Load play-test</source>
        <translation>Spieltest laden</translation>
    </message>
    <message>
        <source>Could not load: %1</source>
        <translation>Laden nicht möglich: %1</translation>
    </message>
    <message>
        <source>Export combat log</source>
        <translation>Kampfprotokoll exportieren</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Combat log written to %1</source>
        <translation>Kampfprotokoll geschrieben nach %1</translation>
    </message>
    <message>
        <source>Play-test</source>
        <translation>Spieltest</translation>
    </message>
    <message>
        <source>Play-test: %1</source>
        <translation>Spieltest: %1</translation>
    </message>
    <message>
        <source>Back to editing; the play-test is kept (F5 resumes it).</source>
        <translation>Zurück zum Bearbeiten; der Spieltest bleibt erhalten (F5 setzt ihn fort).</translation>
    </message>
    <message>
        <source>Editing the map ends the play-test in progress. End it?
(No undoes the edit and returns to the game.)</source>
        <translation>Eine Änderung der Karte beendet den laufenden Spieltest. Beenden?
(Nein macht die Änderung rückgängig und kehrt zur Partie zurück.)</translation>
    </message>
    <message>
        <source>The map changed: the play-test ended.</source>
        <translation>Die Karte wurde geändert: der Spieltest ist beendet.</translation>
    </message>
    <message>
        <source>Another map was opened: the play-test ended.</source>
        <translation>Eine andere Karte wurde geöffnet: der Spieltest ist beendet.</translation>
    </message>
    <message>
        <source>The AI stopped: %1: %2</source>
        <translation>Die KI hat angehalten: %1: %2</translation>
    </message>
    <message>
        <source>%1 %2: %3</source>
        <translation>%1 %2: %3</translation>
    </message>
    <message>
        <source>An AI seat is to act; wait for it (or pause the AI).</source>
        <translation>Ein KI-Spielerplatz ist am Zug; warte auf ihn (oder pausiere die KI).</translation>
    </message>
    <message>
        <source>Hot seat: hand over to %1 (%2 phase).</source>
        <translation>Spielerwechsel: weiter an %1 (Phase „%2“).</translation>
    </message>
    <message>
        <source>%1 army %2 placed at start number %3.</source>
        <translation>%1: Armee %2 auf Startnummer %3 aufgestellt.</translation>
    </message>
    <message>
        <source>%1 cannot attack %2: %3</source>
        <translation>%1 kann %2 nicht angreifen: %3</translation>
    </message>
    <message>
        <source>Planned %1 → %2: %3</source>
        <translation>Geplant %1 → %2: %3</translation>
    </message>
</context>
<context>
    <name>PlayPanel</name>
    <message>
        <source>Assign each unit to one of your 3 armies, then place the armies (with victory points, then pick a headquarters: click a cyan start number on the map or use Set headquarters).</source>
        <translation>Teile jede Einheit einer deiner 3 Armeen zu und stelle dann die Armeen auf (mit Siegpunkten danach ein Hauptquartier wählen: eine türkise Startnummer auf der Karte anklicken oder „Hauptquartier setzen“).</translation>
    </message>
    <message>
        <source>Click a unit, then a highlighted hex (cost shown). Right-click drops the selection.</source>
        <translation>Klicke eine Einheit an, dann ein hervorgehobenes Feld (Kosten angezeigt). Rechtsklick hebt die Auswahl auf.</translation>
    </message>
    <message>
        <source>Click one of your units, then a target ringed red. Order the plan, then fight.</source>
        <translation>Klicke eine deiner Einheiten an, dann ein rot umrandetes Ziel. Ordne den Plan, dann kämpfe.</translation>
    </message>
    <message>
        <source>Resolve the declared attacks one by one.</source>
        <translation>Handle die benannten Angriffe nacheinander ab.</translation>
    </message>
    <message>
        <source>Income is paid. Repair units in forts, buy units into forts, or end the turn.</source>
        <translation>Das Einkommen ist ausgezahlt. Repariere Einheiten in Forts, kaufe Einheiten in Forts oder beende den Zug.</translation>
    </message>
    <message>
        <source>The game is over.</source>
        <translation>Die Partie ist vorbei.</translation>
    </message>
    <message>
        <source> (shared)</source>
        <translation> (gemeinsam)</translation>
    </message>
    <message>
        <source>&lt;b&gt;Game over&lt;/b&gt;: a draw</source>
        <translation>&lt;b&gt;Spielende&lt;/b&gt;: Unentschieden</translation>
    </message>
    <message>
        <source>&lt;b&gt;Game over&lt;/b&gt;: %1 wins by %2</source>
        <translation>&lt;b&gt;Spielende&lt;/b&gt;: %1 gewinnt durch %2</translation>
    </message>
    <message>
        <source>%1, together</source>
        <translation>%1, gemeinsam</translation>
    </message>
    <message>
        <source>Round %1 · %2 (%3, %4) · %5 phase</source>
        <translation>Runde %1 · %2 (%3, %4) · Phase „%5“</translation>
    </message>
    <message>
        <source>Money: %1</source>
        <translation>Geld: %1</translation>
    </message>
    <message>
        <source>Forts: %1 (win at %2)</source>
        <translation>Forts: %1 (Sieg bei %2)</translation>
    </message>
    <message>
        <source>Victory points: %1</source>
        <translation>Siegpunkte: %1</translation>
    </message>
    <message>
        <source>Round %1: you may use %2 of your 3 armies</source>
        <translation>Runde %1: du darfst %2 deiner 3 Armeen einsetzen</translation>
    </message>
    <message>
        <source> (not army %1, used last round)</source>
        <translation> (nicht Armee %1, in der letzten Runde eingesetzt)</translation>
    </message>
    <message>
        <source>; in use: army %1</source>
        <translation>; im Einsatz: Armee %1</translation>
    </message>
    <message>
        <source>Time left for moving and declaring attacks (stopwatch)</source>
        <translation>Restzeit zum Bewegen und Angriffe-Benennen (Stoppuhr)</translation>
    </message>
    <message>
        <source>End phase</source>
        <translation>Phase beenden</translation>
    </message>
    <message>
        <source>End the current phase</source>
        <translation>Die aktuelle Phase beenden</translation>
    </message>
    <message>
        <source>Suggested groups</source>
        <translation>Vorgeschlagene Gruppen</translation>
    </message>
    <message>
        <source>Assign all your units to 3 armies</source>
        <translation>Alle deine Einheiten auf 3 Armeen verteilen</translation>
    </message>
    <message>
        <source>Assign armies…</source>
        <translation>Armeen zuteilen …</translation>
    </message>
    <message>
        <source>Drag your units into 3 armies</source>
        <translation>Ziehe deine Einheiten in 3 Armeen</translation>
    </message>
    <message>
        <source>Place next army</source>
        <translation>Nächste Armee aufstellen</translation>
    </message>
    <message>
        <source>Reveal a start chip and place its army</source>
        <translation>Einen Startplatz-Chip aufdecken und seine Armee aufstellen</translation>
    </message>
    <message>
        <source>Unload</source>
        <translation>Ausladen</translation>
    </message>
    <message>
        <source>Unload the selected transport</source>
        <translation>Den gewählten Transport ausladen</translation>
    </message>
    <message>
        <source>Start combat</source>
        <translation>Kampf beginnen</translation>
    </message>
    <message>
        <source>Declare the plan in order and fight</source>
        <translation>Den Plan der Reihe nach benennen und kämpfen</translation>
    </message>
    <message>
        <source>Fight next</source>
        <translation>Nächster Kampf</translation>
    </message>
    <message>
        <source>Resolve the next declared attack</source>
        <translation>Den nächsten benannten Angriff abhandeln</translation>
    </message>
    <message>
        <source>Buy / repair / gift…</source>
        <translation>Kaufen / Reparieren / Schenken …</translation>
    </message>
    <message>
        <source>Spend money</source>
        <translation>Geld ausgeben</translation>
    </message>
    <message>
        <source>Undo move</source>
        <translation>Bewegung zurücknehmen</translation>
    </message>
    <message>
        <source>Take back the last move (no dice rolled)</source>
        <translation>Die letzte Bewegung zurücknehmen (ohne Würfelwurf)</translation>
    </message>
    <message>
        <source>Surrender</source>
        <translation>Kapitulieren</translation>
    </message>
    <message>
        <source>Your team gives up</source>
        <translation>Dein Team gibt auf</translation>
    </message>
    <message>
        <source>Victory points: one of your start numbers as headquarters</source>
        <translation>Siegpunkte: eine deiner Startnummern als Hauptquartier</translation>
    </message>
    <message>
        <source>Set headquarters</source>
        <translation>Hauptquartier setzen</translation>
    </message>
    <message>
        <source>Victory points: choose the headquarters</source>
        <translation>Siegpunkte: das Hauptquartier wählen</translation>
    </message>
    <message>
        <source>HQ</source>
        <translation>HQ</translation>
    </message>
    <message>
        <source>Declared attacks (in order) and their exact odds</source>
        <translation>Benannte Angriffe (in Reihenfolge) mit exakten Chancen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Move the attack up</source>
        <translation>Den Angriff nach oben schieben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Runter</translation>
    </message>
    <message>
        <source>Move the attack down</source>
        <translation>Den Angriff nach unten schieben</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Drop the attack</source>
        <translation>Den Angriff streichen</translation>
    </message>
    <message>
        <source>Other legal actions now; double-click one to take it</source>
        <translation>Weitere jetzt erlaubte Aktionen; Doppelklick führt eine aus</translation>
    </message>
    <message>
        <source>Export log…</source>
        <translation>Protokoll exportieren …</translation>
    </message>
    <message>
        <source>Save the combat log as text</source>
        <translation>Das Kampfprotokoll als Text speichern</translation>
    </message>
    <message>
        <source>Combat log</source>
        <translation>Kampfprotokoll</translation>
    </message>
    <message>
        <source>Double-click a step to jump back to it:</source>
        <translation>Doppelklick auf einen Schritt springt zu ihm zurück:</translation>
    </message>
    <message>
        <source>◀ Step</source>
        <translation>◀ Schritt</translation>
    </message>
    <message>
        <source>One action back</source>
        <translation>Eine Aktion zurück</translation>
    </message>
    <message>
        <source>Step ▶</source>
        <translation>Schritt ▶</translation>
    </message>
    <message>
        <source>One action forward</source>
        <translation>Eine Aktion vor</translation>
    </message>
    <message>
        <source>Restart</source>
        <translation>Neustart</translation>
    </message>
    <message>
        <source>Start again with the same seed</source>
        <translation>Mit demselben Startwert neu beginnen</translation>
    </message>
    <message>
        <source>Game log</source>
        <translation>Spielverlauf</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Aktionen</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Pause AI</source>
        <translation>KI pausieren</translation>
    </message>
    <message>
        <source>Delay between AI actions (ms)</source>
        <translation>Pause zwischen KI-Aktionen (ms)</translation>
    </message>
    <message>
        <source>AI delay</source>
        <translation>KI-Tempo</translation>
    </message>
    <message>
        <source>Save…</source>
        <translation>Speichern …</translation>
    </message>
    <message>
        <source>Save the play-test (engine save format)</source>
        <translation>Den Spieltest speichern (Spielstand-Format der Engine)</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden …</translation>
    </message>
    <message>
        <source>Load a play-test save</source>
        <translation>Einen Spieltest-Spielstand laden</translation>
    </message>
    <message>
        <source>Back to editing</source>
        <translation>Zurück zum Bearbeiten</translation>
    </message>
    <message>
        <source>Leave play mode; the game is kept</source>
        <translation>Spielmodus verlassen; die Partie bleibt erhalten</translation>
    </message>
    <message>
        <source>start number %1 [%2, %3]</source>
        <translation>Startnummer %1 [%2, %3]</translation>
    </message>
    <message>
        <source>0. start of the game</source>
        <translation>0. Spielbeginn</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
</context>
<context>
    <name>PlaytestDialog</name>
    <message>
        <source>Play-test</source>
        <translation>Spieltest</translation>
    </message>
    <message>
        <source>&lt;b&gt;The scenario this map was opened through cannot be read:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;Das Szenario, über das diese Karte geöffnet wurde, ist nicht lesbar:&lt;/b&gt; %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scenario:&lt;/b&gt; %1 (%2): its seats, edition, catalog, variants, money, objectives and events are played.</source>
        <translation>&lt;b&gt;Szenario:&lt;/b&gt; %1 (%2): gespielt werden seine Spielerplätze, Edition, Katalog, Varianten, Geld, Ziele und Ereignisse.</translation>
    </message>
    <message>
        <source>&lt;b&gt;No scenario:&lt;/b&gt; this map was opened alone. The seats, edition and half below make the scenario of this play-test.</source>
        <translation>&lt;b&gt;Kein Szenario:&lt;/b&gt; diese Karte wurde allein geöffnet. Spielerplätze, Edition und Hälfte unten bilden das Szenario dieses Spieltests.</translation>
    </message>
    <message>
        <source> [hex %1, %2]</source>
        <translation> [Feld %1, %2]</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;This map cannot be played yet:&lt;/b&gt; %n blocking problem(s). Click one to see it on the map.</source>
        <translation>
            <numerusform>&lt;b&gt;Diese Karte ist noch nicht spielbar:&lt;/b&gt; %n blockierendes Problem. Ein Klick zeigt es auf der Karte.</numerusform>
            <numerusform>&lt;b&gt;Diese Karte ist noch nicht spielbar:&lt;/b&gt; %n blockierende Probleme. Ein Klick zeigt eines auf der Karte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s); they do not block.</source>
        <translation>
            <numerusform>%n Warnung; sie blockiert nicht.</numerusform>
            <numerusform>%n Warnungen; sie blockieren nicht.</numerusform>
        </translation>
    </message>
    <message>
        <source>The map has no problems.</source>
        <translation>Die Karte hat keine Probleme.</translation>
    </message>
    <message>
        <source>Game</source>
        <translation>Partie</translation>
    </message>
    <message>
        <source>2 players</source>
        <translation>2 Spieler</translation>
    </message>
    <message>
        <source>4 players</source>
        <translation>4 Spieler</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>half, start numbers %1–%2</source>
        <translation>Hälfte, Startnummern %1–%2</translation>
    </message>
    <message>
        <source>whole map</source>
        <translation>ganze Karte</translation>
    </message>
    <message>
        <source>Half (2 players)</source>
        <translation>Hälfte (2 Spieler)</translation>
    </message>
    <message>
        <source>%1 (project)</source>
        <translation>%1 (Projekt)</translation>
    </message>
    <message>
        <source>%1 (the scenario&apos;s)</source>
        <translation>%1 (des Szenarios)</translation>
    </message>
    <message>
        <source>Ruleset edition</source>
        <translation>Regelwerk-Edition</translation>
    </message>
    <message>
        <source>base (installed)</source>
        <translation>Basis (installiert)</translation>
    </message>
    <message>
        <source>Unit catalog</source>
        <translation>Einheitenkatalog</translation>
    </message>
    <message>
        <source>Starting money</source>
        <translation>Startgeld</translation>
    </message>
    <message>
        <source>%1 (from the scenario)</source>
        <translation>%1 (aus dem Szenario)</translation>
    </message>
    <message>
        <source>Variants</source>
        <translation>Varianten</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>quick (armies placed for you)</source>
        <translation>schnell (Armeen werden für dich aufgestellt)</translation>
    </message>
    <message>
        <source>full (assign and place the armies)</source>
        <translation>vollständig (Armeen zuteilen und aufstellen)</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>Seats (in turn order)</source>
        <translation>Spielerplätze (in Zugreihenfolge)</translation>
    </message>
    <message>
        <source>Start with a special unit: the one this player starts with</source>
        <translation>Mit Spezialeinheit starten: die Einheit, mit der dieser Spieler beginnt</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>Start play-test</source>
        <translation>Spieltest starten</translation>
    </message>
    <message>
        <source>Save as scenario…</source>
        <translation>Als Szenario speichern …</translation>
    </message>
    <message>
        <source>Write these choices as a scenario file next to the map: the map can then be packed and re-played as it is</source>
        <translation>Diese Auswahl als Szenariodatei neben der Karte speichern: die Karte lässt sich dann so packen und wieder spielen</translation>
    </message>
    <message>
        <source>special unit: drawn</source>
        <translation>Spezialeinheit: gezogen</translation>
    </message>
    <message>
        <source>special unit: %1</source>
        <translation>Spezialeinheit: %1</translation>
    </message>
    <message>
        <source>this ruleset has no such variant</source>
        <translation>dieses Regelwerk hat diese Variante nicht</translation>
    </message>
    <message>
        <source>map: %1</source>
        <translation>Karte: %1</translation>
    </message>
    <message>
        <source>scenario: %1</source>
        <translation>Szenario: %1</translation>
    </message>
    <message>
        <source>enter a seed (a number or any text)</source>
        <translation>gib einen Startwert ein (eine Zahl oder beliebigen Text)</translation>
    </message>
    <message>
        <source>start: %1</source>
        <translation>Start: %1</translation>
    </message>
    <message>
        <source>Click to go to the fix</source>
        <translation>Klicken, um zur Korrektur zu springen</translation>
    </message>
    <message>
        <source>This start cannot work (click a problem to go to the fix)</source>
        <translation>So kann die Partie nicht starten (ein Problem anklicken, um zur Korrektur zu springen)</translation>
    </message>
    <message>
        <source>Save as scenario</source>
        <translation>Als Szenario speichern</translation>
    </message>
    <message>
        <source>Scenarios (*.scenario.yaml)</source>
        <translation>Szenarien (*.scenario.yaml)</translation>
    </message>
    <message>
        <source>Save the map first: a scenario refers to the map file</source>
        <translation>Speichere zuerst die Karte: ein Szenario verweist auf die Kartendatei</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Scenario:&lt;/b&gt; %1 (saved): the map is played and packed through it.</source>
        <translation>&lt;b&gt;Szenario:&lt;/b&gt; %1 (gespeichert): die Karte wird darüber gespielt und gepackt.</translation>
    </message>
</context>
<context>
    <name>PowersBar</name>
    <message>
        <source>Lay mine…</source>
        <translation>Mine legen …</translation>
    </message>
    <message>
        <source>Click a highlighted hex to lay a mine there (hidden from the other side)</source>
        <translation>Ein hervorgehobenes Feld anklicken, um dort eine Mine zu legen (für die Gegenseite verdeckt)</translation>
    </message>
    <message>
        <source>Field repair…</source>
        <translation>Feldreparatur …</translation>
    </message>
    <message>
        <source>Click a highlighted damaged unit to repair it (paid as in a fort)</source>
        <translation>Eine hervorgehobene beschädigte Einheit anklicken, um sie zu reparieren (Kosten wie im Fort)</translation>
    </message>
    <message>
        <source>Build road…</source>
        <translation>Straße bauen …</translation>
    </message>
    <message>
        <source>Click two highlighted hexes: a road (a bridge over water)</source>
        <translation>Zwei hervorgehobene Felder anklicken: eine Straße (über Wasser eine Brücke)</translation>
    </message>
    <message>
        <source>Build trench…</source>
        <translation>Graben bauen …</translation>
    </message>
    <message>
        <source>Click two highlighted hexes: a trench</source>
        <translation>Zwei hervorgehobene Felder anklicken: ein Graben</translation>
    </message>
    <message>
        <source>Power:</source>
        <translation>Fähigkeit:</translation>
    </message>
</context>
<context>
    <name>Problems</name>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
</context>
<context>
    <name>ScenarioView</name>
    <message>
        <source>&lt;b&gt;Objectives&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ziele&lt;/b&gt;</translation>
    </message>
    <message>
        <source>the ruleset&apos;s victory conditions</source>
        <translation>die Siegbedingungen des Regelwerks</translation>
    </message>
    <message>
        <source>&lt;b&gt;Messages&lt;/b&gt;</source>
        <translation>&lt;b&gt;Meldungen&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>Teams</name>
    <message>
        <source>Central</source>
        <translation>Mittelmächte</translation>
    </message>
    <message>
        <source>Entente</source>
        <translation>Entente</translation>
    </message>
</context>
<context>
    <name>Variants</name>
    <message>
        <source>grabenkampf</source>
        <translation>Grabenkampf</translation>
    </message>
    <message>
        <source>victory points</source>
        <translation>Siegpunkte</translation>
    </message>
    <message>
        <source>shorter game</source>
        <translation>Kürzeres Spiel</translation>
    </message>
    <message>
        <source>start with special unit</source>
        <translation>Mit Spezialeinheit starten</translation>
    </message>
    <message>
        <source>start with nation units</source>
        <translation>Mit Nationseinheiten starten</translation>
    </message>
    <message>
        <source>early destruction</source>
        <translation>Frühe Zerstörung</translation>
    </message>
    <message>
        <source>second full set</source>
        <translation>Zweiter kompletter Satz</translation>
    </message>
    <message>
        <source>dice free</source>
        <translation>Ohne Würfel spielen</translation>
    </message>
    <message>
        <source>dice free per player</source>
        <translation>Ohne Würfel pro Spieler</translation>
    </message>
    <message>
        <source>stopwatch</source>
        <translation>Stoppuhr</translation>
    </message>
</context>
</TS>
