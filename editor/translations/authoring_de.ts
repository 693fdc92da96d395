<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name></name>
    <message>
        <source>Parameter</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Vorgabe</translation>
    </message>
    <message>
        <source>Meaning</source>
        <translation>Bedeutung</translation>
    </message>
    <message>
        <source>not an ability the engine knows (declare it from building blocks)</source>
        <translation>keine Fähigkeit, die die Engine kennt (aus Bausteinen zusammensetzen)</translation>
    </message>
    <message>
        <source> — no effect in the engine yet</source>
        <translation> — in der Engine noch ohne Wirkung</translation>
    </message>
    <message>
        <source>write whole numbers separated by commas</source>
        <translation>ganze Zahlen durch Kommas getrennt eingeben</translation>
    </message>
    <message>
        <source>write a number</source>
        <translation>eine Zahl eingeben</translation>
    </message>
    <message>
        <source>write a number ≥ 0</source>
        <translation>eine Zahl ≥ 0 eingeben</translation>
    </message>
    <message>
        <source>Abilities</source>
        <translation>Fähigkeiten</translation>
    </message>
    <message>
        <source>no effect yet</source>
        <translation>noch ohne Wirkung</translation>
    </message>
    <message>
        <source>Add ability</source>
        <translation>Fähigkeit hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>from blocks</source>
        <translation>aus Bausteinen</translation>
    </message>
    <message>
        <source>No ability: the unit plays by its card values.</source>
        <translation>Keine Fähigkeit: die Einheit spielt nach den Werten ihrer Karte.</translation>
    </message>
    <message>
        <source>(card)</source>
        <translation>(Karte)</translation>
    </message>
    <message>
        <source>not read by this ability</source>
        <translation>von dieser Fähigkeit nicht gelesen</translation>
    </message>
    <message>
        <source>estimated: {note}</source>
        <translation>geschätzt: {note}</translation>
    </message>
    <message>
        <source>{message} (hint: {hint})</source>
        <translation>{message} (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>Add ability {id}</source>
        <translation>Fähigkeit {id} hinzufügen</translation>
    </message>
    <message>
        <source>Remove ability {id}</source>
        <translation>Fähigkeit {id} entfernen</translation>
    </message>
    <message>
        <source>{name}: {reason}</source>
        <translation>{name}: {reason}</translation>
    </message>
    <message>
        <source>Edit parameter {name}</source>
        <translation>Parameter {name} bearbeiten</translation>
    </message>
    <message>
        <source> · special</source>
        <translation> · Spezialeinheit</translation>
    </message>
    <message>
        <source>speed {speed} · range {lo}–{hi}</source>
        <translation>Tempo {speed} · Reichweite {lo}–{hi}</translation>
    </message>
    <message>
        <source>hits {values}</source>
        <translation>Treffer {values}</translation>
    </message>
    <message>
        <source>cost {coins} coins · {bonds} war bonds</source>
        <translation>Kosten {coins} Münzen · {bonds} Kriegsanleihen</translation>
    </message>
    <message>
        <source>abilities: {ids}</source>
        <translation>Fähigkeiten: {ids}</translation>
    </message>
    <message>
        <source>no abilities</source>
        <translation>keine Fähigkeiten</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>Nations</source>
        <translation>Nationen</translation>
    </message>
    <message>
        <source>Special</source>
        <translation>Spezial</translation>
    </message>
    <message>
        <source>Unit catalog</source>
        <translation>Einheitenkatalog</translation>
    </message>
    <message>
        <source>All nations</source>
        <translation>Alle Nationen</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Zeigen</translation>
    </message>
    <message>
        <source>&amp;Unit</source>
        <translation>&amp;Einheit</translation>
    </message>
    <message>
        <source>&amp;New unit type</source>
        <translation>&amp;Neuer Einheitentyp</translation>
    </message>
    <message>
        <source>New &amp;special unit</source>
        <translation>Neue &amp;Spezialeinheit</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>&amp;Duplizieren</translation>
    </message>
    <message>
        <source>De&amp;lete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>New unit type</source>
        <translation>Neuer Einheitentyp</translation>
    </message>
    <message>
        <source>Id (lower case letters, digits, _):</source>
        <translation>Id (Kleinbuchstaben, Ziffern, _):</translation>
    </message>
    <message>
        <source>New unit {id}</source>
        <translation>Neue Einheit {id}</translation>
    </message>
    <message>
        <source>Duplicate unit {id}</source>
        <translation>Einheit {id} duplizieren</translation>
    </message>
    <message>
        <source>Delete unit {id}</source>
        <translation>Einheit {id} löschen</translation>
    </message>
    <message>
        <source>this is {a_kind} file, not a unit catalog or ruleset</source>
        <translation>diese Datei ist {a_kind}, kein Einheitenkatalog und kein Regelwerk</translation>
    </message>
    <message>
        <source>open a .catalog.yaml or .ruleset.yaml file here</source>
        <translation>hier eine .catalog.yaml- oder .ruleset.yaml-Datei öffnen</translation>
    </message>
    <message>
        <source>Edit {field}</source>
        <translation>{field} bearbeiten</translation>
    </message>
    <message>
        <source>{severity}: {message} (hint: {hint})</source>
        <translation>{severity}: {message} (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>est.</source>
        <translation>gesch.</translation>
    </message>
    <message>
        <source>Estimated: our guess, not a number printed in the rules</source>
        <translation>Geschätzt: unsere Annahme, keine Zahl aus dem Regelwerk</translation>
    </message>
    <message>
        <source>note (why estimated)</source>
        <translation>Notiz (warum geschätzt)</translation>
    </message>
    <message>
        <source>{where} cannot be set: the file has another kind of value around it</source>
        <translation>{where} lässt sich nicht setzen: die Datei hat dort eine andere Art von Wert</translation>
    </message>
    <message>
        <source>fix the problem listed for the enclosing value first</source>
        <translation>zuerst das Problem des umgebenden Werts beheben</translation>
    </message>
    <message>
        <source>Maps</source>
        <translation>Karten</translation>
    </message>
    <message>
        <source>Unit catalogs</source>
        <translation>Einheitenkataloge</translation>
    </message>
    <message>
        <source>Rulesets</source>
        <translation>Regelwerke</translation>
    </message>
    <message>
        <source>Scenarios</source>
        <translation>Szenarien</translation>
    </message>
    <message>
        <source>Der Erste Weltkrieg scenarios</source>
        <translation>Der-Erste-Weltkrieg-Szenarien</translation>
    </message>
    <message>
        <source>Der Erste Weltkrieg maps</source>
        <translation>Der-Erste-Weltkrieg-Karten</translation>
    </message>
    <message>
        <source>Other content</source>
        <translation>Sonstige Inhalte</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 Fehler</translation>
    </message>
    <message>
        <source>{n} errors</source>
        <translation>{n} Fehler</translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 Warnung</translation>
    </message>
    <message>
        <source>{n} warnings</source>
        <translation>{n} Warnungen</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen …</translation>
    </message>
    <message>
        <source>New unit &amp;catalog…</source>
        <translation>Neuer Einheiten&amp;katalog …</translation>
    </message>
    <message>
        <source>New &amp;ruleset…</source>
        <translation>Neues &amp;Regelwerk …</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Schließen</translation>
    </message>
    <message>
        <source>Project — {folder}</source>
        <translation>Projekt — {folder}</translation>
    </message>
    <message>
        <source>{code}: {message} (hint: {hint})</source>
        <translation>{code}: {message} (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>No content files in this folder (*.map.yaml, *.catalog.yaml, …)</source>
        <translation>Keine Inhaltsdateien in diesem Ordner (*.map.yaml, *.catalog.yaml, …)</translation>
    </message>
    <message>
        <source>Cannot open</source>
        <translation>Öffnen nicht möglich</translation>
    </message>
    <message>
        <source>{path}: the Studio has no editor for this kind of content yet (hint: edit it as text and run tcstudio validate)</source>
        <translation>{path}: das Studio hat für diese Art Inhalt noch keinen Editor (Hinweis: als Text bearbeiten und tcstudio validate ausführen)</translation>
    </message>
    <message>
        <source>Open content folder</source>
        <translation>Inhaltsordner öffnen</translation>
    </message>
    <message>
        <source>New {kind}</source>
        <translation>Neu: {kind}</translation>
    </message>
    <message>
        <source>Cannot create</source>
        <translation>Anlegen nicht möglich</translation>
    </message>
    <message>
        <source>{path} exists already (hint: pick another id)</source>
        <translation>{path} existiert bereits (Hinweis: eine andere Id wählen)</translation>
    </message>
    <message>
        <source>Ruleset</source>
        <translation>Regelwerk</translation>
    </message>
    <message>
        <source>Name (en)</source>
        <translation>Name (en)</translation>
    </message>
    <message>
        <source>Name (de)</source>
        <translation>Name (de)</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Edition</translation>
    </message>
    <message>
        <source>current (coins)</source>
        <translation>aktuell (Münzen)</translation>
    </message>
    <message>
        <source>earlier (war bonds)</source>
        <translation>früher (Kriegsanleihen)</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>Währung</translation>
    </message>
    <message>
        <source>coins</source>
        <translation>Münzen</translation>
    </message>
    <message>
        <source>war bonds</source>
        <translation>Kriegsanleihen</translation>
    </message>
    <message>
        <source>Starting money {nation}</source>
        <translation>Startgeld {nation}</translation>
    </message>
    <message>
        <source>Income per fort</source>
        <translation>Einkommen pro Fort</translation>
    </message>
    <message>
        <source>Gift fee</source>
        <translation>Schenkungsgebühr</translation>
    </message>
    <message>
        <source>Repair paid</source>
        <translation>Reparatur bezahlt</translation>
    </message>
    <message>
        <source>flat price</source>
        <translation>Pauschalpreis</translation>
    </message>
    <message>
        <source>card price</source>
        <translation>Kartenpreis</translation>
    </message>
    <message>
        <source>Flat repair price</source>
        <translation>Pauschaler Reparaturpreis</translation>
    </message>
    <message>
        <source>Special unit price</source>
        <translation>Preis einer Spezialeinheit</translation>
    </message>
    <message>
        <source>Special unit bought</source>
        <translation>Spezialeinheit gekauft</translation>
    </message>
    <message>
        <source>hidden (drawn)</source>
        <translation>verdeckt (gezogen)</translation>
    </message>
    <message>
        <source>free choice</source>
        <translation>freie Wahl</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>Geld</translation>
    </message>
    <message>
        <source>Combat and experience</source>
        <translation>Kampf und Erfahrung</translation>
    </message>
    <message>
        <source>Destroyed at damage</source>
        <translation>Zerstört bei Schaden</translation>
    </message>
    <message>
        <source>Hit bonus per level</source>
        <translation>Trefferbonus pro Stufe</translation>
    </message>
    <message>
        <source>Pincer dice</source>
        <translation>Würfel beim Zangenangriff</translation>
    </message>
    <message>
        <source>Encirclement dice</source>
        <translation>Würfel bei Einkesselung</translation>
    </message>
    <message>
        <source>XP for damaging</source>
        <translation>EP fürs Beschädigen</translation>
    </message>
    <message>
        <source>XP for destroying</source>
        <translation>EP fürs Zerstören</translation>
    </message>
    <message>
        <source>XP to veteran</source>
        <translation>EP bis Veteran</translation>
    </message>
    <message>
        <source>XP to hero</source>
        <translation>EP bis Held</translation>
    </message>
    <message>
        <source>Last step to meadow</source>
        <translation>Letzter Schritt auf Wiese</translation>
    </message>
    <message>
        <source>Victory</source>
        <translation>Sieg</translation>
    </message>
    <message>
        <source>Forts to win (2 players)</source>
        <translation>Forts zum Sieg (2 Spieler)</translation>
    </message>
    <message>
        <source>Forts to win (4 players)</source>
        <translation>Forts zum Sieg (4 Spieler)</translation>
    </message>
    <message>
        <source>Destroying every enemy unit wins</source>
        <translation>Wer alle feindlichen Einheiten zerstört, gewinnt</translation>
    </message>
    <message>
        <source>Limit units of one type per player</source>
        <translation>Einheiten eines Typs pro Spieler begrenzen</translation>
    </message>
    <message>
        <source>Most units of one type</source>
        <translation>Höchstzahl Einheiten eines Typs</translation>
    </message>
    <message>
        <source>Variants (RULES §11)</source>
        <translation>Varianten (Regelwerk §11)</translation>
    </message>
    <message>
        <source>foot</source>
        <translation>Fußsoldat</translation>
    </message>
    <message>
        <source>vehicle</source>
        <translation>Fahrzeug</translation>
    </message>
    <message>
        <source>tank</source>
        <translation>Panzer</translation>
    </message>
    <message>
        <source>air</source>
        <translation>Luft</translation>
    </message>
    <message>
        <source>artillery</source>
        <translation>Artillerie</translation>
    </message>
    <message>
        <source>transport</source>
        <translation>Transport</translation>
    </message>
    <message>
        <source>ship</source>
        <translation>Schiff</translation>
    </message>
    <message>
        <source>static</source>
        <translation>ortsfest</translation>
    </message>
    <message>
        <source>recruit</source>
        <translation>Rekrut</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Vorschau</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>id</source>
        <translation>Id</translation>
    </message>
    <message>
        <source>Unit type id: lower case letters, digits and _</source>
        <translation>Id des Einheitentyps: Kleinbuchstaben, Ziffern und _</translation>
    </message>
    <message>
        <source>English name</source>
        <translation>Englischer Name</translation>
    </message>
    <message>
        <source>German name</source>
        <translation>Deutscher Name</translation>
    </message>
    <message>
        <source>class</source>
        <translation>Klasse</translation>
    </message>
    <message>
        <source>The unit class the rules refer to</source>
        <translation>Die Einheitenklasse, auf die sich die Regeln beziehen</translation>
    </message>
    <message>
        <source>nations</source>
        <translation>Nationen</translation>
    </message>
    <message>
        <source>The nations that can field it</source>
        <translation>Die Nationen, die sie aufstellen können</translation>
    </message>
    <message>
        <source>Special / Legacy unit (bought hidden, RULES §5.5)</source>
        <translation>Spezial-/Legacy-Einheit (verdeckt gekauft, Regelwerk §5.5)</translation>
    </message>
    <message>
        <source>special</source>
        <translation>Spezial</translation>
    </message>
    <message>
        <source>Movement and attack</source>
        <translation>Bewegung und Angriff</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>speed</source>
        <translation>Tempo</translation>
    </message>
    <message>
        <source>Movement points per turn</source>
        <translation>Bewegungspunkte pro Zug</translation>
    </message>
    <message>
        <source>Range min</source>
        <translation>Reichweite min</translation>
    </message>
    <message>
        <source>range min</source>
        <translation>Reichweite min</translation>
    </message>
    <message>
        <source>Smallest distance it attacks at (0: cannot)</source>
        <translation>Kleinste Entfernung, auf die sie angreift (0: gar nicht)</translation>
    </message>
    <message>
        <source>Range max</source>
        <translation>Reichweite max</translation>
    </message>
    <message>
        <source>unlimited</source>
        <translation>unbegrenzt</translation>
    </message>
    <message>
        <source>range max</source>
        <translation>Reichweite max</translation>
    </message>
    <message>
        <source>Largest distance</source>
        <translation>Größte Entfernung</translation>
    </message>
    <message>
        <source>Targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <source>ground</source>
        <translation>Boden</translation>
    </message>
    <message>
        <source>targets</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <source>What it can attack</source>
        <translation>Was sie angreifen kann</translation>
    </message>
    <message>
        <source>Hit values (d12 roll ≤ value hits)</source>
        <translation>Trefferwerte (W12-Wurf ≤ Wert trifft)</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>vs tank</source>
        <translation>gegen Panzer</translation>
    </message>
    <message>
        <source>vs foot</source>
        <translation>gegen Fußsoldaten</translation>
    </message>
    <message>
        <source>Armour: hits needed for damage 1…6</source>
        <translation>Panzerung: nötige Treffer für Schaden 1…6</translation>
    </message>
    <message>
        <source>{terrain} armour {step}</source>
        <translation>Panzerung {terrain} {step}</translation>
    </message>
    <message>
        <source>Cost, repair and flags</source>
        <translation>Kosten, Reparatur und Merkmale</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>Kosten</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>Reparatur</translation>
    </message>
    <message>
        <source>Current edition price (&apos;—&apos;: not sold)</source>
        <translation>Preis der aktuellen Edition („—“: nicht käuflich)</translation>
    </message>
    <message>
        <source>Earlier edition price (&apos;—&apos;: not sold)</source>
        <translation>Preis der früheren Edition („—“: nicht käuflich)</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>capacity</source>
        <translation>Kapazität</translation>
    </message>
    <message>
        <source>Passengers a transport carries</source>
        <translation>Passagiere, die ein Transport trägt</translation>
    </message>
    <message>
        <source>Transportable</source>
        <translation>Transportierbar</translation>
    </message>
    <message>
        <source>transportable</source>
        <translation>transportierbar</translation>
    </message>
    <message>
        <source>Can capture forts</source>
        <translation>Kann Forts erobern</translation>
    </message>
    <message>
        <source>can capture</source>
        <translation>kann erobern</translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation>Geschätzt</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Notiz</translation>
    </message>
    <message>
        <source>the engine does not know this variant (known: {ids})</source>
        <translation>die Engine kennt diese Variante nicht (bekannt: {ids})</translation>
    </message>
    <message>
        <source>the engine does not play this variant yet ({rule}): switching it on would change nothing</source>
        <translation>die Engine spielt diese Variante noch nicht ({rule}): Einschalten würde nichts ändern</translation>
    </message>
    <message>
        <source>Cannot be switched on: {why}</source>
        <translation>Lässt sich nicht einschalten: {why}</translation>
    </message>
    <message>
        <source>Switch {variant} {state}</source>
        <translation>{variant} {state}schalten</translation>
    </message>
    <message>
        <source>on</source>
        <translation>ein</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>{name}: not a value (write a number, true/false, a list [a, b] or a mapping {{k: v}})</source>
        <translation>{name}: kein Wert (eine Zahl, true/false, eine Liste [a, b] oder eine Zuordnung {{k: v}} eingeben)</translation>
    </message>
    <message>
        <source>Edit {variant} {name}</source>
        <translation>{variant} {name} bearbeiten</translation>
    </message>
    <message>
        <source>content</source>
        <translation>Inhalt</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>No problems: the file validates.</source>
        <translation>Keine Probleme: die Datei ist gültig.</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>Speichern unter</translation>
    </message>
    <message>
        <source>Content (*.yaml *.json)</source>
        <translation>Inhalte (*.yaml *.json)</translation>
    </message>
    <message>
        <source>Saved with errors</source>
        <translation>Mit Fehlern gespeichert</translation>
    </message>
    <message>
        <source>{n} error(s) remain; the file is saved but will not load until they are fixed.
First: {where}: {message} (hint: {hint})</source>
        <translation>{n} Fehler bleiben; die Datei ist gespeichert, lädt aber erst, wenn sie behoben sind.
Erster: {where}: {message} (Hinweis: {hint})</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>{path}: {error}
(hint: check the folder exists and is writable; your edits are still open)</source>
        <translation>{path}: {error}
(Hinweis: prüfen, ob der Ordner existiert und beschreibbar ist; deine Änderungen sind weiterhin offen)</translation>
    </message>
    <message>
        <source>Saved {path}</source>
        <translation>{path} gespeichert</translation>
    </message>
    <message>
        <source>Could not write the recovery copy: {error}</source>
        <translation>Die Wiederherstellungskopie konnte nicht geschrieben werden: {error}</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>{name} has unsaved changes. Save them?</source>
        <translation>{name} hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>Comments will be dropped</source>
        <translation>Kommentare gehen verloren</translation>
    </message>
    <message>
        <source>{name} has comments. Saving writes the data in canonical form without them.

Save anyway? (Save As… keeps the original file as it is.)</source>
        <translation>{name} enthält Kommentare. Beim Speichern werden die Daten in kanonischer Form ohne sie geschrieben.

Trotzdem speichern? („Speichern unter …“ lässt die Originaldatei unverändert.)</translation>
    </message>
    <message>
        <source>The scenario {name} has unsaved changes. Save them?</source>
        <translation>Das Szenario {name} hat ungespeicherte Änderungen. Speichern?</translation>
    </message>
    <message>
        <source>write a whole number</source>
        <translation>eine ganze Zahl eingeben</translation>
    </message>
    <message>
        <source>write the hex as column, row (e.g. 5, 2)</source>
        <translation>das Feld als Spalte, Zeile eingeben (z. B. 5, 2)</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source> (one of {names})</source>
        <translation> (eines von {names})</translation>
    </message>
    <message>
        <source>Add {kind}</source>
        <translation>{kind} hinzufügen</translation>
    </message>
    <message>
        <source>Remove entry</source>
        <translation>Eintrag entfernen</translation>
    </message>
    <message>
        <source>Edit {name}</source>
        <translation>{name} bearbeiten</translation>
    </message>
    <message>
        <source>Triggers — {name}</source>
        <translation>Auslöser — {name}</translation>
    </message>
    <message>
        <source>New trigger</source>
        <translation>Neuer Auslöser</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Auslöser</translation>
    </message>
    <message>
        <source>Fires once</source>
        <translation>Löst einmal aus</translation>
    </message>
    <message>
        <source>Fires</source>
        <translation>Löst aus</translation>
    </message>
    <message>
        <source>Conditions (all must hold)</source>
        <translation>Bedingungen (alle müssen gelten)</translation>
    </message>
    <message>
        <source>Actions (in order)</source>
        <translation>Aktionen (in Reihenfolge)</translation>
    </message>
    <message>
        <source>Rename trigger</source>
        <translation>Auslöser umbenennen</translation>
    </message>
    <message>
        <source>Change what fires the trigger</source>
        <translation>Ändern, was den Auslöser auslöst</translation>
    </message>
    <message>
        <source>Toggle once</source>
        <translation>„einmal“ umschalten</translation>
    </message>
    <message>
        <source>Remove trigger</source>
        <translation>Auslöser entfernen</translation>
    </message>
    <message>
        <source>nation</source>
        <translation>Nation</translation>
    </message>
    <message>
        <source>type</source>
        <translation>Typ</translation>
    </message>
    <message>
        <source>where</source>
        <translation>Ort</translation>
    </message>
    <message>
        <source>xp</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>damage</source>
        <translation>Schaden</translation>
    </message>
    <message>
        <source>write a hex as column, row (e.g. 1, 11) or a fort id</source>
        <translation>ein Feld als Spalte, Zeile (z. B. 1, 11) oder eine Fort-Id eingeben</translation>
    </message>
    <message>
        <source>Pre-placed units — {name}</source>
        <translation>Vorplatzierte Einheiten — {name}</translation>
    </message>
    <message>
        <source>Add unit</source>
        <translation>Einheit hinzufügen</translation>
    </message>
    <message>
        <source>Add pre-placed unit</source>
        <translation>Vorplatzierte Einheit hinzufügen</translation>
    </message>
    <message>
        <source>Remove pre-placed unit</source>
        <translation>Vorplatzierte Einheit entfernen</translation>
    </message>
    <message>
        <source>Edit pre-placed unit {column}</source>
        <translation>Vorplatzierte Einheit bearbeiten: {column}</translation>
    </message>
    <message numerus="yes">
        <source>the map has %n error(s); first: %1 (hint: fix the problems listed under Problems)</source>
        <translation>
            <numerusform>die Karte hat %n Fehler; erster: %1 (Hinweis: die unter Probleme aufgeführten Fehler beheben)</numerusform>
            <numerusform>die Karte hat %n Fehler; erster: %1 (Hinweis: die unter Probleme aufgeführten Fehler beheben)</numerusform>
        </translation>
    </message>
    <message>
        <source>the picture&apos;s data is broken: it cannot be decoded</source>
        <translation>die Bilddaten sind beschädigt: das Bild lässt sich nicht dekodieren</translation>
    </message>
    <message>
        <source>open it in an image program and save it again as PNG or JPEG</source>
        <translation>öffne es in einem Bildprogramm und speichere es erneut als PNG oder JPEG</translation>
    </message>
    <message>
        <source>the background picture &apos;%1&apos; is not shown: %2</source>
        <translation>das Hintergrundbild &apos;%1&apos; wird nicht angezeigt: %2</translation>
    </message>
</context>
<context>
    <name>AreaAutosave</name>
    <message>
        <source>Could not write the recovery copy: %1</source>
        <translation>Die Wiederherstellungskopie konnte nicht geschrieben werden: %1</translation>
    </message>
    <message>
        <source>%1: not an area scenario</source>
        <translation>%1: kein Gebietsszenario</translation>
    </message>
    <message>
        <source>(hint: the map is restored alone; open the scenario again when it loads)</source>
        <translation>(Hinweis: die Karte wird allein wiederhergestellt; öffne das Szenario erneut, sobald es sich laden lässt)</translation>
    </message>
</context>
<context>
    <name>AreaCanvas</name>
    <message>
        <source>click to select; drag a city or base to move it</source>
        <translation>klicken zum Auswählen; eine Stadt oder Basis ziehen, um sie zu verschieben</translation>
    </message>
    <message>
        <source>click the corners of the new front; double-click or Enter closes it</source>
        <translation>die Ecken der neuen Front anklicken; Doppelklick oder Enter schließt sie</translation>
    </message>
    <message>
        <source>click inside a front to place a city</source>
        <translation>in eine Front klicken, um eine Stadt zu setzen</translation>
    </message>
    <message>
        <source>click inside a front to place a base</source>
        <translation>in eine Front klicken, um eine Basis zu setzen</translation>
    </message>
    <message>
        <source>click two cities or bases to join them by an attack line</source>
        <translation>zwei Städte oder Basen anklicken, um sie mit einer Angriffslinie zu verbinden</translation>
    </message>
    <message>
        <source>a city goes inside a front: click within an outline</source>
        <translation>eine Stadt liegt in einer Front: innerhalb eines Umrisses klicken</translation>
    </message>
    <message>
        <source>a base goes inside a front: click within an outline</source>
        <translation>eine Basis liegt in einer Front: innerhalb eines Umrisses klicken</translation>
    </message>
    <message>
        <source>click a city or base</source>
        <translation>eine Stadt oder Basis anklicken</translation>
    </message>
    <message>
        <source>from %1: now click the other end</source>
        <translation>von %1: jetzt das andere Ende anklicken</translation>
    </message>
    <message>
        <source>attack line drawn</source>
        <translation>Angriffslinie gezogen</translation>
    </message>
    <message>
        <source>a front needs at least 3 corners</source>
        <translation>eine Front braucht mindestens 3 Ecken</translation>
    </message>
</context>
<context>
    <name>AreaDocument</name>
    <message>
        <source>Draw front</source>
        <translation>Front zeichnen</translation>
    </message>
    <message>
        <source>Place city</source>
        <translation>Stadt setzen</translation>
    </message>
    <message>
        <source>Place base</source>
        <translation>Basis setzen</translation>
    </message>
    <message>
        <source>Draw attack line</source>
        <translation>Angriffslinie ziehen</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>no file to save to (hint: use Save As)</source>
        <translation>keine Datei zum Speichern (Hinweis: „Speichern unter“ verwenden)</translation>
    </message>
</context>
<context>
    <name>AreaEditorWindow</name>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;New Area Map</source>
        <translation>&amp;Neue Gebietskarte</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter …</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>S&amp;chließen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>S&amp;pielen</translation>
    </message>
    <message>
        <source>&amp;Play-test…</source>
        <translation>&amp;Spieltest …</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Auswählen</translation>
    </message>
    <message>
        <source>Front</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>City</source>
        <translation>Stadt</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>Basis</translation>
    </message>
    <message>
        <source>Attack line</source>
        <translation>Angriffslinie</translation>
    </message>
    <message>
        <source>%1 tool (%2)</source>
        <translation>Werkzeug %1 (%2)</translation>
    </message>
    <message>
        <source>Owner of new cities and bases</source>
        <translation>Besitzer neuer Städte und Basen</translation>
    </message>
    <message>
        <source> at %1</source>
        <translation> bei %1</translation>
    </message>
    <message>
        <source>No problems</source>
        <translation>Keine Probleme</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>unbenannt</translation>
    </message>
    <message>
        <source>%1%2 — %3 — Trench Club Studio</source>
        <translation>%1%2 — %3 — Trench Club Studio</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to this area map?</source>
        <translation>Änderungen an dieser Gebietskarte speichern?</translation>
    </message>
    <message>
        <source>Open area map</source>
        <translation>Gebietskarte öffnen</translation>
    </message>
    <message>
        <source>Content (*.yaml *.yml *.json)</source>
        <translation>Inhalte (*.yaml *.yml *.json)</translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation>Datei lässt sich nicht öffnen</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Save area map</source>
        <translation>Gebietskarte speichern</translation>
    </message>
    <message>
        <source>YAML (*.yaml)</source>
        <translation>YAML (*.yaml)</translation>
    </message>
    <message>
        <source>%1: %2
(hint: Save As to a folder that exists and that you can write to; your changes are still open)</source>
        <translation>%1: %2
(Hinweis: mit Speichern unter in einen Ordner speichern, den es gibt und in den du schreiben darfst; deine Änderungen bleiben offen)</translation>
    </message>
    <message>
        <source>Cannot play-test</source>
        <translation>Spieltest nicht möglich</translation>
    </message>
    <message>
        <source>%1: not an area map or area scenario</source>
        <translation>%1: keine Gebietskarte und kein Gebietsszenario</translation>
    </message>
    <message>
        <source>(hint: open a .area-map.yaml or .area-scenario.yaml file)</source>
        <translation>(Hinweis: eine .area-map.yaml- oder .area-scenario.yaml-Datei öffnen)</translation>
    </message>
    <message>
        <source>Scenario not reopened</source>
        <translation>Szenario nicht wieder geöffnet</translation>
    </message>
</context>
<context>
    <name>AreaPhases</name>
    <message>
        <source>setup</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>turn order</source>
        <translation>Zugreihenfolge</translation>
    </message>
    <message>
        <source>turns</source>
        <translation>Züge</translation>
    </message>
    <message>
        <source>victory check</source>
        <translation>Siegprüfung</translation>
    </message>
    <message>
        <source>treaty</source>
        <translation>Friedensvertrag</translation>
    </message>
    <message>
        <source>replacements</source>
        <translation>Ersatz</translation>
    </message>
    <message>
        <source>game over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>victory points</source>
        <translation>Siegpunkte</translation>
    </message>
    <message>
        <source>fronts</source>
        <translation>Fronten</translation>
    </message>
    <message>
        <source>capitulation</source>
        <translation>Kapitulation</translation>
    </message>
    <message>
        <source>treaty garrison</source>
        <translation>Vertragsbesatzung</translation>
    </message>
</context>
<context>
    <name>AreaPlaytestWindow</name>
    <message>
        <source>the built-in armies and ruleset cannot be loaded</source>
        <translation>die eingebauten Armeen und das Regelwerk lassen sich nicht laden</translation>
    </message>
    <message>
        <source>Do it</source>
        <translation>Ausführen</translation>
    </message>
    <message>
        <source>AI move</source>
        <translation>KI-Zug</translation>
    </message>
    <message>
        <source>Fight on the battlefield</source>
        <translation>Auf dem Schlachtfeld kämpfen</translation>
    </message>
    <message>
        <source>Play this battle as a Trench Club play-test of the front&apos;s battlefield; its result is the battle&apos;s outcome</source>
        <translation>Diese Schlacht als Trench-Club-Spieltest auf dem Schlachtfeld der Front spielen; ihr Ergebnis entscheidet die Schlacht</translation>
    </message>
    <message>
        <source>Roll the battle</source>
        <translation>Schlacht auswürfeln</translation>
    </message>
    <message>
        <source>Legal actions (double-click to play):</source>
        <translation>Erlaubte Aktionen (Doppelklick spielt):</translation>
    </message>
    <message>
        <source>Log:</source>
        <translation>Protokoll:</translation>
    </message>
    <message>
        <source>Play-test — %1</source>
        <translation>Spieltest — %1</translation>
    </message>
    <message>
        <source>Game over (%1): winners %2</source>
        <translation>Spielende (%1): Sieger %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Round %1, %2 — %3 to act</source>
        <translation>Runde %1, %2 — %3 ist am Zug</translation>
    </message>
    <message>
        <source>VP — %1</source>
        <translation>SP — %1</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>Befehl: %1</translation>
    </message>
    <message>
        <source>R%1 %2</source>
        <translation>R%1 %2</translation>
    </message>
    <message>
        <source>(no defender: a city at once)</source>
        <translation>(kein Verteidiger: sofort eine Stadt)</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>Mensch</translation>
    </message>
    <message>
        <source>AI (random)</source>
        <translation>KI (zufällig)</translation>
    </message>
    <message>
        <source>AI (heuristic)</source>
        <translation>KI (heuristisch)</translation>
    </message>
    <message>
        <source>The seat&apos;s AI (the random AI for a human seat) takes one decision for the faction to act</source>
        <translation>Die KI des Platzes (auf einem menschlichen Platz die Zufalls-KI) trifft eine Entscheidung für die Fraktion am Zug</translation>
    </message>
    <message>
        <source>(win %1 %, both fall %2 %, lose %3 %)</source>
        <translation>(Sieg %1 %, beide fallen %2 %, Niederlage %3 %)</translation>
    </message>
    <message>
        <source>Who plays</source>
        <translation>Wer spielt</translation>
    </message>
    <message>
        <source>Seat %1 (%2):</source>
        <translation>Platz %1 (%2):</translation>
    </message>
    <message>
        <source>R%1 %2 (%3): %4 — %5</source>
        <translation>R%1 %2 (%3): %4 — %5</translation>
    </message>
    <message>
        <source>Central Powers (Germany, Austria-Hungary)</source>
        <translation>Mittelmächte (Deutschland, Österreich-Ungarn)</translation>
    </message>
    <message>
        <source>Entente (France, Britain)</source>
        <translation>Entente (Frankreich, Großbritannien)</translation>
    </message>
    <message>
        <source>Battle in front %1 (%2): the %3 attack the %4. Its battlefield is %5: fight it there, or roll it.</source>
        <translation>Schlacht an Front %1 (%2): %3 greifen %4 an. Ihr Schlachtfeld ist %5: dort kämpfen oder auswürfeln.</translation>
    </message>
    <message>
        <source>Cannot fight on the battlefield: %1</source>
        <translation>Auf dem Schlachtfeld kann nicht gekämpft werden: %1</translation>
    </message>
    <message>
        <source>Cannot fight on the battlefield: the play-test of %1 does not start (see its window)</source>
        <translation>Auf dem Schlachtfeld kann nicht gekämpft werden: der Spieltest von %1 startet nicht (siehe sein Fenster)</translation>
    </message>
    <message>
        <source>Battle of front %1: %2 attack the %3</source>
        <translation>Schlacht an Front %1: %2 greifen %3 an</translation>
    </message>
    <message>
        <source>Front %1 is being fought on the battlefield; its result comes back here when that play-test ends.</source>
        <translation>An Front %1 wird auf dem Schlachtfeld gekämpft; das Ergebnis kommt hierher zurück, wenn dieser Spieltest endet.</translation>
    </message>
    <message>
        <source>The battlefield game of front %1 ended, but the area game has moved on: its result is not used.</source>
        <translation>Das Schlachtfeld-Spiel von Front %1 ist beendet, aber das Gebietsspiel ist weitergegangen: sein Ergebnis wird nicht verwendet.</translation>
    </message>
    <message>
        <source>the Central Powers won</source>
        <translation>die Mittelmächte haben gewonnen</translation>
    </message>
    <message>
        <source>the Entente won</source>
        <translation>die Entente hat gewonnen</translation>
    </message>
    <message>
        <source>a draw</source>
        <translation>unentschieden</translation>
    </message>
    <message>
        <source>Front %1 was fought on the battlefield: %2. The losing side now names its lead army, which is eliminated.</source>
        <translation>An Front %1 wurde auf dem Schlachtfeld gekämpft: %2. Die unterlegene Seite nennt jetzt ihre führende Armee, die ausgeschaltet wird.</translation>
    </message>
</context>
<context>
    <name>AreaProperties</name>
    <message>
        <source>Nothing selected</source>
        <translation>Nichts ausgewählt</translation>
    </message>
    <message>
        <source>Nations and designations allowed here, e.g. RU, DE</source>
        <translation>Hier erlaubte Nationen und Kennungen, z. B. RU, DE</translation>
    </message>
    <message>
        <source>Replacement city</source>
        <translation>Ergänzungs-Stadt</translation>
    </message>
    <message>
        <source>none: battles are rolled</source>
        <translation>keins: Schlachten werden ausgewürfelt</translation>
    </message>
    <message>
        <source>A Trench Club scenario whose battlefield this front&apos;s battles may be fought on, relative to the area map file</source>
        <translation>Ein Trench-Club-Szenario, auf dessen Schlachtfeld die Schlachten dieser Front ausgetragen werden können, relativ zur Gebietskarten-Datei</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>Auswählen…</translation>
    </message>
    <message>
        <source>Name (de)</source>
        <translation>Name (de)</translation>
    </message>
    <message>
        <source>Name (en)</source>
        <translation>Name (en)</translation>
    </message>
    <message>
        <source>Theatre</source>
        <translation>Kriegsschauplatz</translation>
    </message>
    <message>
        <source>Nations</source>
        <translation>Nationen</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>Battlefield</source>
        <translation>Schlachtfeld</translation>
    </message>
    <message>
        <source>Front %1</source>
        <translation>Front %1</translation>
    </message>
    <message>
        <source>City %1</source>
        <translation>Stadt %1</translation>
    </message>
    <message>
        <source>Base %1</source>
        <translation>Basis %1</translation>
    </message>
    <message>
        <source>Edit properties</source>
        <translation>Eigenschaften bearbeiten</translation>
    </message>
    <message>
        <source>Battlefield scenario</source>
        <translation>Schlachtfeld-Szenario</translation>
    </message>
    <message>
        <source>Trench Club scenarios (*.scenario.yaml)</source>
        <translation>Trench-Club-Szenarien (*.scenario.yaml)</translation>
    </message>
</context>
<context>
    <name>AreaWords</name>
    <message>
        <source>place an army</source>
        <translation>Armee aufstellen</translation>
    </message>
    <message>
        <source>place a dummy</source>
        <translation>Attrappe aufstellen</translation>
    </message>
    <message>
        <source>end the setup</source>
        <translation>Aufstellung beenden</translation>
    </message>
    <message>
        <source>pick the turn order</source>
        <translation>Zugreihenfolge wählen</translation>
    </message>
    <message>
        <source>battle</source>
        <translation>Schlacht</translation>
    </message>
    <message>
        <source>move</source>
        <translation>Bewegung</translation>
    </message>
    <message>
        <source>move an army</source>
        <translation>Armee bewegen</translation>
    </message>
    <message>
        <source>move a dummy</source>
        <translation>Attrappe bewegen</translation>
    </message>
    <message>
        <source>end the move</source>
        <translation>Bewegung beenden</translation>
    </message>
    <message>
        <source>strategic transfer</source>
        <translation>strategische Verlegung</translation>
    </message>
    <message>
        <source>transfer another army</source>
        <translation>weitere Armee verlegen</translation>
    </message>
    <message>
        <source>end the transfer</source>
        <translation>Verlegung beenden</translation>
    </message>
    <message>
        <source>pass</source>
        <translation>passen</translation>
    </message>
    <message>
        <source>play a battle marker</source>
        <translation>Schlachtmarker ausspielen</translation>
    </message>
    <message>
        <source>play no marker</source>
        <translation>keinen Marker ausspielen</translation>
    </message>
    <message>
        <source>lead army</source>
        <translation>führende Armee</translation>
    </message>
    <message>
        <source>draw a marker</source>
        <translation>Marker ziehen</translation>
    </message>
    <message>
        <source>draw no marker</source>
        <translation>keinen Marker ziehen</translation>
    </message>
    <message>
        <source>discard a marker</source>
        <translation>Marker abwerfen</translation>
    </message>
    <message>
        <source>keep the drawn marker</source>
        <translation>gezogenen Marker behalten</translation>
    </message>
    <message>
        <source>return the drawn marker</source>
        <translation>gezogenen Marker zurücklegen</translation>
    </message>
    <message>
        <source>capture a city</source>
        <translation>Stadt erobern</translation>
    </message>
    <message>
        <source>roll the battle</source>
        <translation>Schlacht auswürfeln</translation>
    </message>
    <message>
        <source>enter the battle&apos;s result</source>
        <translation>Ergebnis der Schlacht eintragen</translation>
    </message>
    <message>
        <source>offer a treaty</source>
        <translation>Friedensvertrag anbieten</translation>
    </message>
    <message>
        <source>offer no treaty</source>
        <translation>keinen Friedensvertrag anbieten</translation>
    </message>
    <message>
        <source>accept the treaty</source>
        <translation>Friedensvertrag annehmen</translation>
    </message>
    <message>
        <source>refuse the treaty</source>
        <translation>Friedensvertrag ablehnen</translation>
    </message>
    <message>
        <source>replace an army</source>
        <translation>Armee ersetzen</translation>
    </message>
    <message>
        <source>end the replacements</source>
        <translation>Ersatz beenden</translation>
    </message>
    <message>
        <source>battle declared</source>
        <translation>Schlacht erklärt</translation>
    </message>
    <message>
        <source>battle result</source>
        <translation>Ergebnis der Schlacht</translation>
    </message>
    <message>
        <source>battle rolled</source>
        <translation>Schlacht ausgewürfelt</translation>
    </message>
    <message>
        <source>capitulation point</source>
        <translation>Kapitulationspunkt</translation>
    </message>
    <message>
        <source>city taken</source>
        <translation>Stadt erobert</translation>
    </message>
    <message>
        <source>dummies revealed</source>
        <translation>Attrappen aufgedeckt</translation>
    </message>
    <message>
        <source>dummy moved</source>
        <translation>Attrappe bewegt</translation>
    </message>
    <message>
        <source>dummy placed</source>
        <translation>Attrappe aufgestellt</translation>
    </message>
    <message>
        <source>eliminated</source>
        <translation>ausgeschaltet</translation>
    </message>
    <message>
        <source>game over</source>
        <translation>Spielende</translation>
    </message>
    <message>
        <source>garrison broken</source>
        <translation>Besatzung gebrochen</translation>
    </message>
    <message>
        <source>historical setup</source>
        <translation>historische Aufstellung</translation>
    </message>
    <message>
        <source>marker discarded</source>
        <translation>Marker abgeworfen</translation>
    </message>
    <message>
        <source>marker drawn</source>
        <translation>Marker gezogen</translation>
    </message>
    <message>
        <source>marker returned</source>
        <translation>Marker zurückgelegt</translation>
    </message>
    <message>
        <source>moved</source>
        <translation>bewegt</translation>
    </message>
    <message>
        <source>turn order picked</source>
        <translation>Zugreihenfolge gewählt</translation>
    </message>
    <message>
        <source>turn order roll</source>
        <translation>Wurf um die Zugreihenfolge</translation>
    </message>
    <message>
        <source>placed</source>
        <translation>aufgestellt</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>ersetzt</translation>
    </message>
    <message>
        <source>transferred</source>
        <translation>verlegt</translation>
    </message>
    <message>
        <source>treaty accepted</source>
        <translation>Friedensvertrag angenommen</translation>
    </message>
    <message>
        <source>treaty offered</source>
        <translation>Friedensvertrag angeboten</translation>
    </message>
    <message>
        <source>treaty refused</source>
        <translation>Friedensvertrag abgelehnt</translation>
    </message>
    <message>
        <source>army</source>
        <translation>Armee</translation>
    </message>
    <message>
        <source>front</source>
        <translation>Front</translation>
    </message>
    <message>
        <source>target</source>
        <translation>Ziel</translation>
    </message>
    <message>
        <source>setup slot</source>
        <translation>Aufstellungsplatz</translation>
    </message>
    <message>
        <source>turn slot</source>
        <translation>Zugplatz</translation>
    </message>
    <message>
        <source>faction</source>
        <translation>Fraktion</translation>
    </message>
    <message>
        <source>attacker</source>
        <translation>Angreifer</translation>
    </message>
    <message>
        <source>defender</source>
        <translation>Verteidiger</translation>
    </message>
    <message>
        <source>attackers</source>
        <translation>Angreifer</translation>
    </message>
    <message>
        <source>defenders</source>
        <translation>Verteidiger</translation>
    </message>
    <message>
        <source>winner</source>
        <translation>Sieger</translation>
    </message>
    <message>
        <source>value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>Zug</translation>
    </message>
    <message>
        <source>setup</source>
        <translation>Aufstellung</translation>
    </message>
    <message>
        <source>points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>markers</source>
        <translation>Marker</translation>
    </message>
    <message>
        <source>lost by</source>
        <translation>verloren durch</translation>
    </message>
    <message>
        <source>lead armies</source>
        <translation>führende Armeen</translation>
    </message>
    <message>
        <source>how</source>
        <translation>wie</translation>
    </message>
    <message>
        <source>fallen</source>
        <translation>gefallen</translation>
    </message>
    <message>
        <source>faces</source>
        <translation>Würfelseiten</translation>
    </message>
    <message>
        <source>face</source>
        <translation>Würfelseite</translation>
    </message>
    <message>
        <source>city</source>
        <translation>Stadt</translation>
    </message>
    <message>
        <source>capitulates</source>
        <translation>kapituliert</translation>
    </message>
    <message>
        <source>armies</source>
        <translation>Armeen</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
</context>
<context>
    <name>RuleSummaries</name>
    <message>
        <source>Trench fighting: vehicles stay out of trenches, a trench is held and left as one long hex, foot soldiers in it defend like a tank in forest</source>
        <translation>Grabenkampf: Fahrzeuge bleiben aus Gräben heraus, ein Graben wird als ein langes Feld gehalten und verlassen, Fußtruppen darin verteidigen wie ein Panzer im Wald</translation>
    </message>
    <message>
        <source>Victory points: headquarters, points for enemy headquarters, forts, destroyed units and payments to the bank</source>
        <translation>Siegpunkte: Hauptquartiere, Punkte für feindliche Hauptquartiere, Forts, zerstörte Einheiten und Zahlungen an die Bank</translation>
    </message>
    <message>
        <source>Shorter game: fewer forts to win, and anti-tank units may not capture</source>
        <translation>Kürzeres Spiel: weniger Forts zum Sieg, und Panzerabwehr darf keine Forts einnehmen</translation>
    </message>
    <message>
        <source>Each player starts with a special unit of their choice</source>
        <translation>Jeder Spieler startet mit einer Spezialeinheit seiner Wahl</translation>
    </message>
    <message>
        <source>Each nation starts with the units only it fields</source>
        <translation>Jede Nation startet mit den Einheiten, die nur sie aufstellt</translation>
    </message>
    <message>
        <source>Units are destroyed at less damage than the ruleset says</source>
        <translation>Einheiten werden bei weniger Schaden zerstört, als das Regelwerk sagt</translation>
    </message>
    <message>
        <source>A second full set of units: every nation&apos;s roster twice</source>
        <translation>Ein zweiter kompletter Satz Einheiten: jede Nation hat alles doppelt</translation>
    </message>
    <message>
        <source>Dice-free combat: each side draws a card instead of rolling</source>
        <translation>Ohne Würfel: jede Seite zieht eine Karte, statt zu würfeln</translation>
    </message>
    <message>
        <source>Dice-free per player: the chosen nations draw cards, the others roll dice</source>
        <translation>Ohne Würfel pro Spieler: die gewählten Nationen ziehen Karten, die anderen würfeln</translation>
    </message>
    <message>
        <source>Stopwatch: a time limit for the move and declare phases of a turn</source>
        <translation>Stoppuhr: ein Zeitlimit für die Phasen Bewegen und Angriffe benennen eines Zuges</translation>
    </message>
    <message>
        <source>The shot may land on a neighbour of the target</source>
        <translation>Der Schuss kann auf einem Nachbarfeld des Ziels landen</translation>
    </message>
    <message>
        <source>Never attacks air units</source>
        <translation>Greift nie Lufteinheiten an</translation>
    </message>
    <message>
        <source>Takes no damage at all</source>
        <translation>Nimmt überhaupt keinen Schaden</translation>
    </message>
    <message>
        <source>Belongs on water: attacks and fires back from water</source>
        <translation>Gehört aufs Wasser: greift vom Wasser aus an und schießt von dort zurück</translation>
    </message>
    <message>
        <source>Bought onto a free water hex instead of into a fort</source>
        <translation>Wird auf ein freies Wasserfeld statt in ein Fort gekauft</translation>
    </message>
    <message>
        <source>Anti-tank value: its own hit value against tanks</source>
        <translation>Panzerabwehrwert: ein eigener Trefferwert gegen Panzer</translation>
    </message>
    <message>
        <source>Its own hit value against foot soldiers</source>
        <translation>Ein eigener Trefferwert gegen Fußtruppen</translation>
    </message>
    <message>
        <source>Attacks air units (the cloud symbol)</source>
        <translation>Greift Lufteinheiten an (das Wolkensymbol)</translation>
    </message>
    <message>
        <source>Unlimited range: any hex on the map can be hit</source>
        <translation>Unbegrenzte Reichweite: jedes Feld auf der Karte kann getroffen werden</translation>
    </message>
    <message>
        <source>Attacks every hex of a pattern with one roll</source>
        <translation>Greift alle Felder eines Musters mit einem Wurf an</translation>
    </message>
    <message>
        <source>Gas: an area attack that harms friend and foe, except gas-immune units</source>
        <translation>Gas: ein Flächenangriff, der Freund wie Feind schadet, außer gasimmunen Einheiten</translation>
    </message>
    <message>
        <source>Immune to gas</source>
        <translation>Immun gegen Gas</translation>
    </message>
    <message>
        <source>Repairs own units on the board, without a fort, for money</source>
        <translation>Repariert eigene Einheiten auf dem Feld, ohne Fort, gegen Bezahlung</translation>
    </message>
    <message>
        <source>Lays mines that destroy an enemy unit entering their hex</source>
        <translation>Legt Minen, die eine feindliche Einheit vernichten, die ihr Feld betritt</translation>
    </message>
    <message>
        <source>Its own hit value against air units</source>
        <translation>Ein eigener Trefferwert gegen Lufteinheiten</translation>
    </message>
    <message>
        <source>Close-combat weapons: a bonus to its hit value in melee</source>
        <translation>Nahkampfwaffen: ein Bonus auf den Trefferwert im Nahkampf</translation>
    </message>
    <message>
        <source>Builds a trench or a road/bridge over 2 hexes once per round instead of attacking</source>
        <translation>Baut einmal pro Runde statt anzugreifen einen Graben oder eine Straße/Brücke über 2 Felder</translation>
    </message>
    <message>
        <source>Fort turret: bought into a fort, fires from it in melee and at range</source>
        <translation>Geschützturm: in ein Fort gekauft, schießt er von dort im Nah- und Fernkampf</translation>
    </message>
</context>
<context>
    <name>ScenarioActions</name>
    <message>
        <source>No scenario is open: open a .scenario.yaml file, or save the play-test form as a scenario (F5 ▸ Save as scenario…)</source>
        <translation>Kein Szenario geöffnet: eine .scenario.yaml-Datei öffnen oder das Spieltest-Formular als Szenario speichern (F5 ▸ Als Szenario speichern …)</translation>
    </message>
    <message>
        <source>Cannot open the scenario %1: %2</source>
        <translation>Das Szenario %1 lässt sich nicht öffnen: %2</translation>
    </message>
</context>
<context>
    <name>ScenarioDocument</name>
    <message>
        <source>this is a %1 file, not a scenario</source>
        <translation>dies ist eine %1-Datei, kein Szenario</translation>
    </message>
    <message>
        <source>open a .scenario.yaml file</source>
        <translation>eine .scenario.yaml-Datei öffnen</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
</context>
<context>
    <name>ScenarioProperties</name>
    <message>
        <source>take the named fort</source>
        <translation>das genannte Fort einnehmen</translation>
    </message>
    <message>
        <source>hold `count` forts</source>
        <translation>`count` Forts halten</translation>
    </message>
    <message>
        <source>hold the named region</source>
        <translation>die genannte Region halten</translation>
    </message>
    <message>
        <source>destroy every enemy combat unit</source>
        <translation>jede feindliche Kampfeinheit zerstören</translation>
    </message>
    <message>
        <source>destroy `count` enemy units (of the named type if given)</source>
        <translation>`count` feindliche Einheiten zerstören (vom genannten Typ, falls angegeben)</translation>
    </message>
    <message>
        <source>capture fort</source>
        <translation>Fort erobern</translation>
    </message>
    <message>
        <source>hold forts</source>
        <translation>Forts halten</translation>
    </message>
    <message>
        <source>hold region</source>
        <translation>Region halten</translation>
    </message>
    <message>
        <source>eliminate</source>
        <translation>vernichten</translation>
    </message>
    <message>
        <source>destroy units</source>
        <translation>Einheiten zerstören</translation>
    </message>
    <message>
        <source>fort</source>
        <translation>Fort</translation>
    </message>
    <message>
        <source>region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>Einheit</translation>
    </message>
    <message>
        <source>count</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Scenario properties — %1</source>
        <translation>Szenario-Eigenschaften — %1</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Szenario</translation>
    </message>
    <message>
        <source>Name (en)</source>
        <translation>Name (en)</translation>
    </message>
    <message>
        <source>Name (de)</source>
        <translation>Name (de)</translation>
    </message>
    <message>
        <source>map %1
ruleset %2
catalog %3</source>
        <translation>Karte %1
Regelwerk %2
Katalog %3</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>2 players (half map)</source>
        <translation>2 Spieler (halbe Karte)</translation>
    </message>
    <message>
        <source>4 players (whole map)</source>
        <translation>4 Spieler (ganze Karte)</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Spieler</translation>
    </message>
    <message>
        <source>start numbers %1–%2</source>
        <translation>Startnummern %1–%2</translation>
    </message>
    <message>
        <source>Half</source>
        <translation>Hälfte</translation>
    </message>
    <message>
        <source>Seats (turn order) and starting money</source>
        <translation>Spielerplätze (Zugreihenfolge) und Startgeld</translation>
    </message>
    <message>
        <source>AI (random, older name)</source>
        <translation>KI (zufällig, älterer Name)</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Platz %1</translation>
    </message>
    <message>
        <source>ruleset</source>
        <translation>Regelwerk</translation>
    </message>
    <message>
        <source>Starting money of %1 (&apos;ruleset&apos;: the ruleset&apos;s)</source>
        <translation>Startgeld von %1 („Regelwerk“: das des Regelwerks)</translation>
    </message>
    <message>
        <source>Variants (of the ruleset)</source>
        <translation>Varianten (des Regelwerks)</translation>
    </message>
    <message>
        <source>%1 Rule: %2</source>
        <translation>%1 Regel: %2</translation>
    </message>
    <message>
        <source> — no effect in the engine yet</source>
        <translation> — in der Engine noch ohne Wirkung</translation>
    </message>
    <message>
        <source>Briefing</source>
        <translation>Einsatzbesprechung</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>Objectives (a team meeting one wins)</source>
        <translation>Ziele (ein Team, das eines erreicht, gewinnt)</translation>
    </message>
    <message>
        <source>id (optional)</source>
        <translation>Id (optional)</translation>
    </message>
    <message>
        <source>The objective&apos;s id, named by the game&apos;s end reason (made from team and kind when empty)</source>
        <translation>Die Id des Ziels, genannt im Grund für das Spielende (leer: aus Team und Art gebildet)</translation>
    </message>
    <message>
        <source>fort / region / unit id</source>
        <translation>Fort- / Regions- / Einheiten-Id</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Triggers…</source>
        <translation>Auslöser …</translation>
    </message>
    <message>
        <source>Edit the scenario&apos;s event triggers in a form</source>
        <translation>Die Ereignis-Auslöser des Szenarios in einem Formular bearbeiten</translation>
    </message>
    <message>
        <source>Units…</source>
        <translation>Einheiten …</translation>
    </message>
    <message>
        <source>Edit the units placed before the game starts</source>
        <translation>Die vor Spielbeginn platzierten Einheiten bearbeiten</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>%1: %2 for %3 %4</source>
        <translation>%1: %2 für %3 %4</translation>
    </message>
    <message numerus="yes">
        <source>%n pre-placed unit(s),</source>
        <translation>
            <numerusform>%n vorplatzierte Einheit,</numerusform>
            <numerusform>%n vorplatzierte Einheiten,</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trigger(s).</source>
        <translation>
            <numerusform>%n Auslöser.</numerusform>
            <numerusform>%n Auslöser.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>Rename</source>
        <translation>Umbenennen</translation>
    </message>
    <message>
        <source>Change half</source>
        <translation>Hälfte ändern</translation>
    </message>
    <message>
        <source>Edit briefing</source>
        <translation>Einsatzbesprechung bearbeiten</translation>
    </message>
    <message>
        <source>Set %1 players</source>
        <translation>%1 Spieler festlegen</translation>
    </message>
    <message>
        <source>Change seats</source>
        <translation>Spielerplätze ändern</translation>
    </message>
    <message>
        <source>Change starting money of %1</source>
        <translation>Startgeld von %1 ändern</translation>
    </message>
    <message>
        <source>Change variants</source>
        <translation>Varianten ändern</translation>
    </message>
    <message>
        <source>An objective %1 exists already (hint: pick another id)</source>
        <translation>Ein Ziel %1 gibt es schon (Hinweis: eine andere Id wählen)</translation>
    </message>
    <message>
        <source>Add objective %1</source>
        <translation>Ziel %1 hinzufügen</translation>
    </message>
    <message>
        <source>Remove objective %1</source>
        <translation>Ziel %1 entfernen</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>%1 lässt sich nicht speichern: %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
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
    <name>TriggerKinds</name>
    <message>
        <source>round is</source>
        <translation>Runde ist</translation>
    </message>
    <message>
        <source>round at least</source>
        <translation>Runde mindestens</translation>
    </message>
    <message>
        <source>fort captured</source>
        <translation>Fort eingenommen</translation>
    </message>
    <message>
        <source>unit destroyed</source>
        <translation>Einheit zerstört</translation>
    </message>
    <message>
        <source>unit in region</source>
        <translation>Einheit in Region</translation>
    </message>
    <message>
        <source>money at least</source>
        <translation>Geld mindestens</translation>
    </message>
    <message>
        <source>spawn unit</source>
        <translation>Einheit erscheint</translation>
    </message>
    <message>
        <source>give money</source>
        <translation>Geld geben</translation>
    </message>
    <message>
        <source>show message</source>
        <translation>Meldung zeigen</translation>
    </message>
    <message>
        <source>win</source>
        <translation>Sieg</translation>
    </message>
    <message>
        <source>lose</source>
        <translation>Niederlage</translation>
    </message>
</context>
</TS>
