<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AILevels</name>
    <message>
        <source>easy</source>
        <translation>leicht</translation>
    </message>
    <message>
        <source>standard</source>
        <translation>standard</translation>
    </message>
    <message>
        <source>hard</source>
        <translation>schwer</translation>
    </message>
    <message>
        <source>overkill</source>
        <translation>gnadenlos</translation>
    </message>
    <message>
        <source>normal</source>
        <translation>normal</translation>
    </message>
    <message>
        <source>harder</source>
        <translation>schwerer</translation>
    </message>
    <message>
        <source>hardest</source>
        <translation>am schwersten</translation>
    </message>
</context>
<context>
    <name>Command</name>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Cut</source>
        <translation>Ausschneiden</translation>
    </message>
    <message>
        <source>Erase</source>
        <translation>Radieren</translation>
    </message>
    <message>
        <source>{verb} ({hexes})</source>
        <translation>{verb} ({hexes})</translation>
    </message>
    <message>
        <source>{n} hex</source>
        <translation>{n} Feld</translation>
    </message>
    <message>
        <source>{n} hexes</source>
        <translation>{n} Felder</translation>
    </message>
    <message>
        <source>Change map properties ({names})</source>
        <translation>Karteneigenschaften ändern ({names})</translation>
    </message>
    <message>
        <source>Resize map to {width}×{height}</source>
        <translation>Kartengröße ändern auf {width}×{height}</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Verschieben</translation>
    </message>
    <message>
        <source>Rotate</source>
        <translation>Drehen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>fort {name}</source>
        <translation>Fort {name}</translation>
    </message>
    <message>
        <source>start marker {number}</source>
        <translation>Startmarker {number}</translation>
    </message>
    <message>
        <source>label “{text}”</source>
        <translation>Beschriftung „{text}“</translation>
    </message>
    <message>
        <source>region {name}</source>
        <translation>Region {name}</translation>
    </message>
    <message>
        <source>{verb} {what}</source>
        <translation>{verb}: {what}</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>Renumber start marker {old} → {new}</source>
        <translation>Startmarker umnummerieren {old} → {new}</translation>
    </message>
    <message>
        <source>Paint region {id} ({hexes})</source>
        <translation>Region {id} malen ({hexes})</translation>
    </message>
    <message>
        <source>Erase region {id} ({hexes})</source>
        <translation>Region {id} radieren ({hexes})</translation>
    </message>
    <message>
        <source>Add region {id}</source>
        <translation>Region {id} hinzufügen</translation>
    </message>
    <message>
        <source>Delete region {id}</source>
        <translation>Region {id} löschen</translation>
    </message>
    <message>
        <source>Erase ({hexes}, cut {paths})</source>
        <translation>Radieren ({hexes}, {paths} durchtrennt)</translation>
    </message>
    <message>
        <source>Erase ({hexes})</source>
        <translation>Radieren ({hexes})</translation>
    </message>
    <message>
        <source>Mirror selection horizontally</source>
        <translation>Auswahl horizontal spiegeln</translation>
    </message>
    <message>
        <source>Mirror selection vertically</source>
        <translation>Auswahl vertikal spiegeln</translation>
    </message>
    <message>
        <source>Rotate selection 180°</source>
        <translation>Auswahl um 180° drehen</translation>
    </message>
    <message>
        <source>Move selection</source>
        <translation>Auswahl verschieben</translation>
    </message>
    <message>
        <source>Paste stamp ({hexes})</source>
        <translation>Stempel einfügen ({hexes})</translation>
    </message>
    <message>
        <source>Copy selection to other side (rotated 180°)</source>
        <translation>Auswahl auf die andere Seite kopieren (um 180° gedreht)</translation>
    </message>
    <message>
        <source>Copy selection to other side (mirrored horizontally)</source>
        <translation>Auswahl auf die andere Seite kopieren (horizontal gespiegelt)</translation>
    </message>
    <message>
        <source>Copy selection to other side (mirrored vertically)</source>
        <translation>Auswahl auf die andere Seite kopieren (vertikal gespiegelt)</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>Setzen</translation>
    </message>
    <message>
        <source>terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>{verb} {what} ({hexes})</source>
        <translation>{verb}: {what} ({hexes})</translation>
    </message>
    <message>
        <source>Paint</source>
        <translation>Malen</translation>
    </message>
    <message>
        <source>Fill</source>
        <translation>Füllen</translation>
    </message>
    <message>
        <source>Fill rectangle with</source>
        <translation>Rechteck füllen mit</translation>
    </message>
    <message>
        <source>Apply path terrain</source>
        <translation>Pfadgelände übernehmen</translation>
    </message>
</context>
<context>
    <name>Controllers</name>
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
        <source>Automa (%1)</source>
        <translation>Automa (%1)</translation>
    </message>
    <message>
        <source>Enemy action table (%1)</source>
        <translation>Feind-Aktionstabelle (%1)</translation>
    </message>
</context>
<context>
    <name>EditActions</name>
    <message>
        <source>Copied {hexes}</source>
        <translation>{hexes} kopiert</translation>
    </message>
    <message>
        <source>Click where the stamp&apos;s top-left hex goes; X/Y mirror, Z rotates it (Esc cancels)</source>
        <translation>Klicke, wohin das linke obere Feld des Stempels soll; X/Y spiegeln, Z dreht ihn (Esc bricht ab)</translation>
    </message>
    <message>
        <source>Stamp turned; click to place it (Esc cancels)</source>
        <translation>Stempel gedreht; zum Platzieren klicken (Esc bricht ab)</translation>
    </message>
    <message>
        <source>(no regions yet — add one with the Region tool)</source>
        <translation>(noch keine Regionen – lege eine mit dem Regionswerkzeug an)</translation>
    </message>
    <message>
        <source>No problems</source>
        <translation>Keine Probleme</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 Problem</translation>
    </message>
    <message>
        <source>{n} problems</source>
        <translation>{n} Probleme</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Tiled map (.tmx)</source>
        <translation>Tiled-Karte (.tmx)</translation>
    </message>
    <message>
        <source>Tiled map, JSON (.tmj)</source>
        <translation>Tiled-Karte, JSON (.tmj)</translation>
    </message>
    <message>
        <source>SVG board drawing (.svg)</source>
        <translation>SVG-Spielplanzeichnung (.svg)</translation>
    </message>
    <message>
        <source>PNG board picture (.png)</source>
        <translation>PNG-Spielplanbild (.png)</translation>
    </message>
    <message>
        <source>Print-and-play PDF (.pdf)</source>
        <translation>Print-and-Play-PDF (.pdf)</translation>
    </message>
    <message>
        <source>Map pack for other clients (.tcpack)</source>
        <translation>Kartenpaket für andere Programme (.tcpack)</translation>
    </message>
    <message>
        <source>Rules conformance vectors (.json)</source>
        <translation>Regelkonformitäts-Vektoren (.json)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportieren</translation>
    </message>
    <message>
        <source>Map packs use the scenario {name} with this map.</source>
        <translation>Kartenpakete verwenden das Szenario {name} mit dieser Karte.</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source> dpi</source>
        <translation> dpi</translation>
    </message>
    <message>
        <source> mm</source>
        <translation> mm</translation>
    </message>
    <message>
        <source>Width of a hex across flats on paper</source>
        <translation>Breite eines Feldes (Kante zu Kante) auf Papier</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Format:</translation>
    </message>
    <message>
        <source>Save to:</source>
        <translation>Speichern unter:</translation>
    </message>
    <message>
        <source>Resolution:</source>
        <translation>Auflösung:</translation>
    </message>
    <message>
        <source>Paper:</source>
        <translation>Papier:</translation>
    </message>
    <message>
        <source>Hex size:</source>
        <translation>Feldgröße:</translation>
    </message>
    <message>
        <source>Map pack and conformance vectors are disabled: they hold a scenario
(seats, ruleset, units) with its map, and this map was not opened from
a scenario. Open the scenario file (File → Open) to export a pack.</source>
        <translation>Kartenpaket und Konformitäts-Vektoren sind abgeschaltet: sie enthalten
ein Szenario (Plätze, Regelwerk, Einheiten) mit seiner Karte, und diese
Karte wurde nicht aus einem Szenario geöffnet. Öffne die Szenariodatei
(Datei → Öffnen), um ein Paket zu exportieren.</translation>
    </message>
    <message>
        <source>Export to</source>
        <translation>Exportieren nach</translation>
    </message>
    <message>
        <source>Updating preview…</source>
        <translation>Vorschau wird aktualisiert…</translation>
    </message>
    <message>
        <source>No preview: {reason}</source>
        <translation>Keine Vorschau: {reason}</translation>
    </message>
    <message>
        <source>type a path or use Browse…</source>
        <translation>einen Pfad eingeben oder „Durchsuchen…“ verwenden</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>{error}

Hint: {hint}</source>
        <translation>{error}

Hinweis: {hint}</translation>
    </message>
</context>
<context>
    <name>FileActions</name>
    <message>
        <source>Trench Club maps and scenarios (*.yaml *.yml *.json);;All files (*)</source>
        <translation>Trench-Club-Karten und -Szenarien (*.yaml *.yml *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Save the changes to {name}?</source>
        <translation>Änderungen an {name} speichern?</translation>
    </message>
    <message>
        <source>Your changes will be lost if you don&apos;t save them.</source>
        <translation>Deine Änderungen gehen verloren, wenn du sie nicht speicherst.</translation>
    </message>
    <message>
        <source>Cannot use the template</source>
        <translation>Vorlage nicht verwendbar</translation>
    </message>
    <message>
        <source>Open map</source>
        <translation>Karte öffnen</translation>
    </message>
    <message>
        <source>Cannot open file</source>
        <translation>Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened {name}</source>
        <translation>{name} geöffnet</translation>
    </message>
    <message>
        <source> — {count} problem(s) to fix</source>
        <translation> – {count} Problem(e) zu beheben</translation>
    </message>
    <message>
        <source>Open content folder</source>
        <translation>Inhaltsordner öffnen</translation>
    </message>
    <message>
        <source>Save map as</source>
        <translation>Karte speichern unter</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Speichern nicht möglich</translation>
    </message>
    <message>
        <source>{path}: {error}
(hint: Save As to a folder that exists and that you can write to; your changes are still open)</source>
        <translation>{path}: {error}
(Hinweis: mit Speichern unter in einen Ordner speichern, den es gibt und in den du schreiben darfst; deine Änderungen bleiben offen)</translation>
    </message>
    <message>
        <source>Saved {name}</source>
        <translation>{name} gespeichert</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>Discard your changes and reload {name}?</source>
        <translation>Änderungen verwerfen und {name} neu laden?</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Clear Recent</source>
        <translation>Liste leeren</translation>
    </message>
    <message>
        <source>Could not write the recovery copy: {reason}</source>
        <translation>Wiederherstellungskopie konnte nicht geschrieben werden: {reason}</translation>
    </message>
    <message>
        <source>Recovery copy of unsaved work kept</source>
        <translation>Wiederherstellungskopie der ungespeicherten Arbeit angelegt</translation>
    </message>
</context>
<context>
    <name>FortTool</name>
    <message>
        <source>No {size}-hex fort fits at {col},{row}: its footprint and both entrances need land on the map, clear of other forts</source>
        <translation>Kein Fort aus {size} Feld(ern) passt auf {col},{row}: Grundfläche und beide Eingänge brauchen Land auf der Karte, frei von anderen Forts</translation>
    </message>
    <message>
        <source>Set entrance of fort {name}</source>
        <translation>Eingang von Fort {name} setzen</translation>
    </message>
    <message>
        <source>Shrink fort {name}</source>
        <translation>Fort {name} verkleinern</translation>
    </message>
    <message>
        <source>Grow fort {name}</source>
        <translation>Fort {name} vergrößern</translation>
    </message>
</context>
<context>
    <name>InspectorPanel</name>
    <message>
        <source>Map properties…</source>
        <translation>Karteneigenschaften…</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Besitzer</translation>
    </message>
    <message>
        <source>Fortified side</source>
        <translation>Befestigte Seite</translation>
    </message>
    <message>
        <source>Footprint</source>
        <translation>Grundfläche</translation>
    </message>
    <message>
        <source>Entrances</source>
        <translation>Eingänge</translation>
    </message>
    <message>
        <source>Rotate 60°</source>
        <translation>Um 60° drehen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Number</source>
        <translation>Nummer</translation>
    </message>
    <message>
        <source>Hex</source>
        <translation>Feld</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Rotation</source>
        <translation>Drehung</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Write terrain to covered hexes</source>
        <translation>Gelände in überdeckte Felder schreiben</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>Path {id}</source>
        <translation>Pfad {id}</translation>
    </message>
    <message>
        <source>Map: {name}</source>
        <translation>Karte: {name}</translation>
    </message>
    <message>
        <source>&lt;br&gt;Selection: {count} hexes</source>
        <translation>&lt;br&gt;Auswahl: {count} Felder</translation>
    </message>
    <message>
        <source>{width} × {height} hexes, {orientation}-top (offset {offset}), {season}&lt;br&gt;{forts} forts, {markers} start markers, {regions} regions, {paths} paths, {labels} labels</source>
        <translation>{width} × {height} Felder, {orientation} (Versatz {offset}), {season}&lt;br&gt;{forts} Forts, {markers} Startmarker, {regions} Regionen, {paths} Pfade, {labels} Beschriftungen</translation>
    </message>
    <message>
        <source>Set {key} of fort {name} to {value}</source>
        <translation>{key} von Fort {name} auf {value} setzen</translation>
    </message>
</context>
<context>
    <name>LabelTool</name>
    <message>
        <source>Add label</source>
        <translation>Beschriftung hinzufügen</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>Text:</translation>
    </message>
</context>
<context>
    <name>LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
</context>
<context>
    <name>LayersPanel</name>
    <message>
        <source>Hex grid</source>
        <translation>Feldraster</translation>
    </message>
    <message>
        <source>Coordinates</source>
        <translation>Koordinaten</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>Regionen</translation>
    </message>
    <message>
        <source>Paths</source>
        <translation>Pfade</translation>
    </message>
    <message>
        <source>Problem markers</source>
        <translation>Problemmarkierungen</translation>
    </message>
    <message>
        <source>Terrain, forts and start markers are always shown.</source>
        <translation>Gelände, Forts und Startmarker werden immer angezeigt.</translation>
    </message>
</context>
<context>
    <name>LiveValidator</name>
    <message>
        <source>validation failed: {error}</source>
        <translation>Prüfung fehlgeschlagen: {error}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>&amp;New…</source>
        <translation>&amp;Neu…</translation>
    </message>
    <message>
        <source>Create a new map</source>
        <translation>Eine neue Karte anlegen</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Open a map or scenario</source>
        <translation>Eine Karte oder ein Szenario öffnen</translation>
    </message>
    <message>
        <source>Open &amp;Folder…</source>
        <translation>&amp;Ordner öffnen…</translation>
    </message>
    <message>
        <source>Open a content folder as a project</source>
        <translation>Einen Inhaltsordner als Projekt öffnen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the map</source>
        <translation>Die Karte speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>Save under another name</source>
        <translation>Unter einem anderen Namen speichern</translation>
    </message>
    <message>
        <source>&amp;Revert</source>
        <translation>Zu&amp;rücksetzen</translation>
    </message>
    <message>
        <source>Reload the file from disk</source>
        <translation>Die Datei neu von der Festplatte laden</translation>
    </message>
    <message>
        <source>Import &amp;Tiled…</source>
        <translation>&amp;Tiled-Karte importieren…</translation>
    </message>
    <message>
        <source>Import a map made or edited in Tiled (.tmx/.tmj)</source>
        <translation>Eine in Tiled erstellte oder bearbeitete Karte importieren (.tmx/.tmj)</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>&amp;Exportieren…</translation>
    </message>
    <message>
        <source>Export the map: Tiled, SVG, PNG, print-and-play PDF, map pack</source>
        <translation>Die Karte exportieren: Tiled, SVG, PNG, Print-and-Play-PDF, Kartenpaket</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
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
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Wiederholen</translation>
    </message>
    <message>
        <source>Cu&amp;t</source>
        <translation>&amp;Ausschneiden</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>&amp;Paste</source>
        <translation>&amp;Einfügen</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Löschen</translation>
    </message>
    <message>
        <source>Delete the selected object/hexes</source>
        <translation>Das ausgewählte Objekt bzw. die ausgewählten Felder löschen</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>Alles a&amp;uswählen</translation>
    </message>
    <message>
        <source>Mirror Selection &amp;Horizontally</source>
        <translation>Auswahl &amp;horizontal spiegeln</translation>
    </message>
    <message>
        <source>Mirror Selection &amp;Vertically</source>
        <translation>Auswahl &amp;vertikal spiegeln</translation>
    </message>
    <message>
        <source>&amp;Rotate Selection 180°</source>
        <translation>Auswahl um 180° &amp;drehen</translation>
    </message>
    <message>
        <source>Mirror ↔</source>
        <translation>Spiegeln ↔</translation>
    </message>
    <message>
        <source>Mirror ↕</source>
        <translation>Spiegeln ↕</translation>
    </message>
    <message>
        <source>Rotate 180°</source>
        <translation>Drehen 180°</translation>
    </message>
    <message>
        <source>Pre&amp;ferences…</source>
        <translation>Ein&amp;stellungen…</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>Ver&amp;größern</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Ver&amp;kleinern</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>&amp;Einpassen</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>&amp;Originalgröße</translation>
    </message>
    <message>
        <source>Show &amp;Grid</source>
        <translation>&amp;Raster anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Coordinates</source>
        <translation>&amp;Koordinaten anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Regions</source>
        <translation>R&amp;egionen anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Paths</source>
        <translation>&amp;Pfade anzeigen</translation>
    </message>
    <message>
        <source>Show &amp;Problem Markers</source>
        <translation>Pro&amp;blemmarkierungen anzeigen</translation>
    </message>
    <message>
        <source>Map &amp;Properties…</source>
        <translation>Karten&amp;eigenschaften…</translation>
    </message>
    <message>
        <source>&amp;Resize Map…</source>
        <translation>Karten&amp;größe ändern…</translation>
    </message>
    <message>
        <source>&amp;Validate</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>Check the map now</source>
        <translation>Die Karte jetzt prüfen</translation>
    </message>
    <message>
        <source>Add Selection to Region</source>
        <translation>Auswahl zur Region hinzufügen</translation>
    </message>
    <message>
        <source>Put the selected hexes into the region chosen in the tool options</source>
        <translation>Die ausgewählten Felder der in den Werkzeugoptionen gewählten Region hinzufügen</translation>
    </message>
    <message>
        <source>Remove Selection from Region</source>
        <translation>Auswahl aus Region entfernen</translation>
    </message>
    <message>
        <source>Put the selected hexes into the region you pick</source>
        <translation>Die ausgewählten Felder der gewählten Region hinzufügen</translation>
    </message>
    <message>
        <source>Take the selected hexes out of the region you pick</source>
        <translation>Die ausgewählten Felder aus der gewählten Region entfernen</translation>
    </message>
    <message>
        <source>Select Region</source>
        <translation>Region auswählen</translation>
    </message>
    <message>
        <source>Select the hexes of the region chosen in the tool options</source>
        <translation>Die Felder der in den Werkzeugoptionen gewählten Region auswählen</translation>
    </message>
    <message>
        <source>Copy Selection to Other Side (Rotate 180°)</source>
        <translation>Auswahl auf die andere Seite kopieren (180° drehen)</translation>
    </message>
    <message>
        <source>Build the second half: the selection rotated about the map centre, with forts and start markers (1–6 ↔ 7–12)</source>
        <translation>Die zweite Hälfte bauen: die Auswahl um die Kartenmitte gedreht, mit Forts und Startmarkern (1–6 ↔ 7–12)</translation>
    </message>
    <message>
        <source>Copy Selection to Other Side (Mirror)</source>
        <translation>Auswahl auf die andere Seite kopieren (spiegeln)</translation>
    </message>
    <message>
        <source>Like the rotation, but mirrored across the map&apos;s middle</source>
        <translation>Wie die Drehung, aber an der Kartenmitte gespiegelt</translation>
    </message>
    <message>
        <source>Terrain: {terrain}</source>
        <translation>Gelände: {terrain}</translation>
    </message>
    <message>
        <source>Smaller Brush</source>
        <translation>Kleinerer Pinsel</translation>
    </message>
    <message>
        <source>Bigger Brush</source>
        <translation>Größerer Pinsel</translation>
    </message>
    <message>
        <source>Finish Path</source>
        <translation>Pfad abschließen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>&amp;Play-test…</source>
        <translation>&amp;Spieltest…</translation>
    </message>
    <message>
        <source>Play the current map with the rules engine</source>
        <translation>Die aktuelle Karte mit der Regel-Engine spielen</translation>
    </message>
    <message>
        <source>&amp;About</source>
        <translation>Ü&amp;ber</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>&amp;Fenster</translation>
    </message>
    <message>
        <source>&amp;Map</source>
        <translation>&amp;Karte</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>&amp;Szenario</translation>
    </message>
    <message>
        <source>&amp;Properties…</source>
        <translation>&amp;Eigenschaften…</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Haupt</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Minimap</source>
        <translation>Minikarte</translation>
    </message>
    <message>
        <source>Properties</source>
        <translation>Eigenschaften</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>Probleme</translation>
    </message>
    <message>
        <source>Problems — {summary}</source>
        <translation>Probleme – {summary}</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>Ebenen</translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;geöffnet&gt;</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Verlauf</translation>
    </message>
    <message>
        <source>Stamps</source>
        <translation>Stempel</translation>
    </message>
    <message>
        <source>Play-test</source>
        <translation>Spieltest</translation>
    </message>
    <message>
        <source>A play-test is running (round {round}). Start a new one and discard it?</source>
        <translation>Ein Spieltest läuft (Runde {round}). Einen neuen starten und ihn verwerfen?</translation>
    </message>
    <message>
        <source>To keep it, choose No and save it with Save… in the Play-test panel.</source>
        <translation>Um ihn zu behalten, wähle Nein und speichere ihn mit „Speichern …“ im Spieltest-Bereich.</translation>
    </message>
    <message>
        <source>Cannot start the play-test: {reason}</source>
        <translation>Spieltest kann nicht starten: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>%n hex(es) selected</source>
        <translation>
            <numerusform>%n Feld ausgewählt</numerusform>
            <numerusform>%n Felder ausgewählt</numerusform>
        </translation>
    </message>
    <message>
        <source>About {app}</source>
        <translation>Über {app}</translation>
    </message>
    <message>
        <source>&lt;b&gt;{app}&lt;/b&gt; {version}&lt;br&gt;Map editor for the WWI hex wargame Trench Club.&lt;br&gt;Paint terrain, place forts and start markers, and fix what the problems panel reports.</source>
        <translation>&lt;b&gt;{app}&lt;/b&gt; {version}&lt;br&gt;Karteneditor für das Hex-Kriegsspiel Trench Club zum Ersten Weltkrieg.&lt;br&gt;Gelände malen, Forts und Startmarker setzen und beheben, was die Problemliste meldet.</translation>
    </message>
</context>
<context>
    <name>MapDocument</name>
    <message>
        <source>Move refused: {reasons}</source>
        <translation>Verschieben abgelehnt: {reasons}</translation>
    </message>
</context>
<context>
    <name>MapPropertiesDialog</name>
    <message>
        <source>Map properties</source>
        <translation>Karteneigenschaften</translation>
    </message>
    <message>
        <source>(the same as the name)</source>
        <translation>(wie der Name)</translation>
    </message>
    <message>
        <source>The map&apos;s name in a German Studio; empty: the name</source>
        <translation>Der Name der Karte im deutschen Studio; leer: der Name</translation>
    </message>
    <message>
        <source>summer</source>
        <translation>Sommer</translation>
    </message>
    <message>
        <source>winter</source>
        <translation>Winter</translation>
    </message>
    <message>
        <source>pointy</source>
        <translation>Spitze oben</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>Kante oben</translation>
    </message>
    <message>
        <source>odd</source>
        <translation>ungerade</translation>
    </message>
    <message>
        <source>even</source>
        <translation>gerade</translation>
    </message>
    <message>
        <source>A hex counts as covered by a road/river/trench when the path covers at least this fraction of its area (RULES §11.1: players agree which hexes count).</source>
        <translation>Ein Feld gilt als von Straße/Fluss/Graben überdeckt, wenn der Pfad mindestens diesen Anteil seiner Fläche bedeckt (REGELN §11.1: die Spieler einigen sich, welche Felder zählen).</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>German name</source>
        <translation>Deutscher Name</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Lizenz</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Season</source>
        <translation>Jahreszeit</translation>
    </message>
    <message>
        <source>Orientation</source>
        <translation>Ausrichtung</translation>
    </message>
    <message>
        <source>Offset rows/columns</source>
        <translation>Versetzte Zeilen/Spalten</translation>
    </message>
    <message>
        <source>Hex size (px)</source>
        <translation>Feldgröße (px)</translation>
    </message>
    <message>
        <source>Path coverage</source>
        <translation>Pfadabdeckung</translation>
    </message>
</context>
<context>
    <name>NewMapDialog</name>
    <message>
        <source>New map</source>
        <translation>Neue Karte</translation>
    </message>
    <message>
        <source>pointy</source>
        <translation>Spitze oben</translation>
    </message>
    <message>
        <source>flat</source>
        <translation>Kante oben</translation>
    </message>
    <message>
        <source>odd</source>
        <translation>ungerade</translation>
    </message>
    <message>
        <source>even</source>
        <translation>gerade</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Empty (all meadow)</source>
        <translation>Leer (alles Wiese)</translation>
    </message>
    <message>
        <source>Half of the default map (start numbers 1–6)</source>
        <translation>Hälfte der Standardkarte (Startnummern 1–6)</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Orientation</source>
        <translation>Ausrichtung</translation>
    </message>
    <message>
        <source>Offset rows/columns</source>
        <translation>Versetzte Zeilen/Spalten</translation>
    </message>
    <message>
        <source>Hex size</source>
        <translation>Feldgröße</translation>
    </message>
</context>
<context>
    <name>PackOpenActions</name>
    <message>
        <source>Trench Club maps, scenarios and packs (*.yaml *.yml *.json *.tcpack);;Map packs (*.tcpack);;Tiled maps, imported as a new map (*.tmx *.tmj)</source>
        <translation>Trench-Club-Karten, -Szenarien und -Pakete (*.yaml *.yml *.json *.tcpack);;Kartenpakete (*.tcpack);;Tiled-Karten, als neue Karte importiert (*.tmx *.tmj)</translation>
    </message>
    <message>
        <source>Open map</source>
        <translation>Karte öffnen</translation>
    </message>
    <message>
        <source>Cannot open map pack</source>
        <translation>Kartenpaket kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Opened map pack {name} (extracted to {folder})</source>
        <translation>Kartenpaket {name} geöffnet (entpackt nach {folder})</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source> s idle</source>
        <translation> s Pause</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <source>Keep a recovery copy after</source>
        <translation>Wiederherstellungskopie anlegen nach</translation>
    </message>
    <message>
        <source>Validate after editing pauses for</source>
        <translation>Prüfen, wenn das Bearbeiten ruht seit</translation>
    </message>
</context>
<context>
    <name>ProblemWhere</name>
    <message>
        <source>fort {id} &apos;{name}&apos;</source>
        <translation>Fort {id} „{name}“</translation>
    </message>
    <message>
        <source>fort {id}</source>
        <translation>Fort {id}</translation>
    </message>
    <message>
        <source>start marker {number}</source>
        <translation>Startmarker {number}</translation>
    </message>
    <message>
        <source>label &apos;{text}&apos;</source>
        <translation>Beschriftung „{text}“</translation>
    </message>
    <message>
        <source>region &apos;{id}&apos;</source>
        <translation>Region „{id}“</translation>
    </message>
    <message>
        <source>map</source>
        <translation>Karte</translation>
    </message>
    <message>
        <source>terrain row {row}</source>
        <translation>Geländezeile {row}</translation>
    </message>
    <message>
        <source>map {field}</source>
        <translation>Karte: {field}</translation>
    </message>
    <message>
        <source>hex {col},{row}</source>
        <translation>Feld {col},{row}</translation>
    </message>
    <message>
        <source>{where} (line {line})</source>
        <translation>{where} (Zeile {line})</translation>
    </message>
</context>
<context>
    <name>ProblemsPanel</name>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>Wo</translation>
    </message>
    <message>
        <source>How to fix</source>
        <translation>Behebung</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>✔ No problems</source>
        <translation>✔ Keine Probleme</translation>
    </message>
    <message>
        <source>{errors}, {warnings}</source>
        <translation>{errors}, {warnings}</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n Fehler</numerusform>
            <numerusform>%n Fehler</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n Warnung</numerusform>
            <numerusform>%n Warnungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ResizeDialog</name>
    <message>
        <source>Resize map</source>
        <translation>Kartengröße ändern</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Breite</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Höhe</translation>
    </message>
    <message>
        <source>Keep the content at this side</source>
        <translation>Den Inhalt an dieser Seite halten</translation>
    </message>
    <message>
        <source>Anchor</source>
        <translation>Anker</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Tastenkürzel</translation>
    </message>
</context>
<context>
    <name>StampLibrary</name>
    <message>
        <source>&apos;{name}&apos; is not a usable stamp name (use letters or digits)</source>
        <translation>„{name}“ ist kein brauchbarer Stempelname (Buchstaben oder Ziffern verwenden)</translation>
    </message>
    <message>
        <source>nothing is selected to save as a stamp</source>
        <translation>nichts ausgewählt, das als Stempel gespeichert werden kann</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>stamp &apos;{name}&apos; cannot be read: {where}: {why}</source>
        <translation>Stempel „{name}“ ist nicht lesbar: {where}: {why}</translation>
    </message>
</context>
<context>
    <name>StampsPanel</name>
    <message>
        <source>No stamps yet: select hexes on the map, then Save Selection.</source>
        <translation>Noch keine Stempel: Felder auf der Karte auswählen, dann „Auswahl speichern…“.</translation>
    </message>
    <message>
        <source>Save Selection…</source>
        <translation>Auswahl speichern…</translation>
    </message>
    <message>
        <source>Keep the selected hexes, with everything on them, as a stamp in your library</source>
        <translation>Die ausgewählten Felder mit allem darauf als Stempel in deiner Sammlung ablegen</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Platzieren</translation>
    </message>
    <message>
        <source>Float the stamp under the mouse: X/Y mirror, Z rotates, a click places it</source>
        <translation>Den Stempel an die Maus heften: X/Y spiegeln, Z dreht, ein Klick setzt ihn</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Save Stamp</source>
        <translation>Stempel speichern</translation>
    </message>
    <message>
        <source>Stamp name:</source>
        <translation>Stempelname:</translation>
    </message>
    <message>
        <source>Stamps</source>
        <translation>Stempel</translation>
    </message>
    <message>
        <source>{name} (unreadable)</source>
        <translation>{name} (unlesbar)</translation>
    </message>
    <message>
        <source>Stamp {number}</source>
        <translation>Stempel {number}</translation>
    </message>
    <message>
        <source>Replace the stamp &apos;{name}&apos;?</source>
        <translation>Den Stempel „{name}“ ersetzen?</translation>
    </message>
    <message>
        <source>Cannot save the stamp: {reason}</source>
        <translation>Stempel kann nicht gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>Delete the stamp &apos;{name}&apos; from your library?</source>
        <translation>Den Stempel „{name}“ aus deiner Sammlung löschen?</translation>
    </message>
    <message>
        <source>Cannot delete {path}: {reason}</source>
        <translation>{path} kann nicht gelöscht werden: {reason}</translation>
    </message>
</context>
<context>
    <name>TiledImport</name>
    <message>
        <source>… and {n} more</source>
        <translation>… und {n} weitere</translation>
    </message>
    <message>
        <source>Import Tiled map</source>
        <translation>Tiled-Karte importieren</translation>
    </message>
    <message>
        <source>Tiled maps (*.tmx *.tmj *.json);;All files (*)</source>
        <translation>Tiled-Karten (*.tmx *.tmj *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Imported {name} as a new map (not saved yet)</source>
        <translation>{name} als neue Karte importiert (noch nicht gespeichert)</translation>
    </message>
    <message>
        <source> — {n} problem(s) to fix</source>
        <translation> — {n} Problem(e) zu beheben</translation>
    </message>
    <message>
        <source>Cannot import Tiled map</source>
        <translation>Tiled-Karte kann nicht importiert werden</translation>
    </message>
    <message>
        <source>{path}: cannot read the file: {why} (hint: check the path and that the file is readable)</source>
        <translation>{path}: Die Datei kann nicht gelesen werden: {why} (Hinweis: prüfe den Pfad und ob die Datei lesbar ist)</translation>
    </message>
    <message>
        <source>{name} could not be imported; the open map is unchanged.

{problems}</source>
        <translation>{name} konnte nicht importiert werden; die geöffnete Karte bleibt unverändert.

{problems}</translation>
    </message>
</context>
<context>
    <name>Tool</name>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Fort</source>
        <translation>Fort</translation>
    </message>
    <message>
        <source>Place, select, move (drag) or rotate (right-click) forts</source>
        <translation>Forts setzen, auswählen, verschieben (ziehen) oder drehen (Rechtsklick)</translation>
    </message>
    <message>
        <source>Start marker</source>
        <translation>Startmarker</translation>
    </message>
    <message>
        <source>Place start markers 1–12; drag to move, right-click to delete</source>
        <translation>Startmarker 1–12 setzen; ziehen verschiebt, Rechtsklick löscht</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Beschriftung</translation>
    </message>
    <message>
        <source>Add text labels; drag a label to move it</source>
        <translation>Beschriftungen hinzufügen; ziehen verschiebt eine Beschriftung</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>Pfad</translation>
    </message>
    <message>
        <source>Click points; double-click or Enter finishes, Esc cancels</source>
        <translation>Punkte klicken; Doppelklick oder Enter schließt ab, Esc bricht ab</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Spielen</translation>
    </message>
    <message>
        <source>Play-test: click a unit, then where it goes or what it attacks</source>
        <translation>Spieltest: eine Einheit anklicken, dann ihr Ziel oder was sie angreift</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Paint named regions (right button removes)</source>
        <translation>Benannte Regionen malen (rechte Maustaste entfernt)</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>Select hexes (rectangle or wand); Alt+drag a selection to move it</source>
        <translation>Felder auswählen (Rechteck oder Zauberstab); Alt+Ziehen verschiebt eine Auswahl</translation>
    </message>
    <message>
        <source>Terrain brush</source>
        <translation>Geländepinsel</translation>
    </message>
    <message>
        <source>Paint terrain; drag for a stroke, Shift+click for a straight line</source>
        <translation>Gelände malen; ziehen für einen Strich, Umschalt+Klick für eine gerade Linie</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>Radierer</translation>
    </message>
    <message>
        <source>Erase terrain back to meadow</source>
        <translation>Gelände zurück zu Wiese radieren</translation>
    </message>
    <message>
        <source>Flood fill</source>
        <translation>Flächenfüllung</translation>
    </message>
    <message>
        <source>Fill the connected area of the clicked terrain</source>
        <translation>Die zusammenhängende Fläche des angeklickten Geländes füllen</translation>
    </message>
    <message>
        <source>Rectangle fill</source>
        <translation>Rechteckfüllung</translation>
    </message>
    <message>
        <source>Drag a rectangle to fill it</source>
        <translation>Ein Rechteck aufziehen, um es zu füllen</translation>
    </message>
    <message>
        <source>Eyedropper</source>
        <translation>Pipette</translation>
    </message>
    <message>
        <source>Pick the terrain of a hex</source>
        <translation>Das Gelände eines Feldes aufnehmen</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tools</source>
        <translation>Werkzeuge</translation>
    </message>
    <message>
        <source>Terrain</source>
        <translation>Gelände</translation>
    </message>
    <message>
        <source>{terrain} (&apos;{char}&apos; in files) — key {key}</source>
        <translation>{terrain} („{char}“ in Dateien) – Taste {key}</translation>
    </message>
    <message>
        <source>Brush size</source>
        <translation>Pinselgröße</translation>
    </message>
    <message>
        <source>Brush radius in hexes ([ and ] change it)</source>
        <translation>Pinselradius in Feldern ([ und ] ändern ihn)</translation>
    </message>
    <message>
        <source>Tool options</source>
        <translation>Werkzeugoptionen</translation>
    </message>
    <message>
        <source>Start number the marker tool places next</source>
        <translation>Startnummer, die das Startmarker-Werkzeug als Nächstes setzt</translation>
    </message>
    <message>
        <source>Start number</source>
        <translation>Startnummer</translation>
    </message>
    <message>
        <source> hex</source>
        <translation> Feld(er)</translation>
    </message>
    <message>
        <source>Fort size</source>
        <translation>Fortgröße</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>neutral</translation>
    </message>
    <message>
        <source>Fort owner</source>
        <translation>Fortbesitzer</translation>
    </message>
    <message>
        <source>Path kind</source>
        <translation>Pfadart</translation>
    </message>
    <message>
        <source>New…</source>
        <translation>Neu…</translation>
    </message>
    <message>
        <source>Create a named region to paint</source>
        <translation>Eine benannte Region zum Malen anlegen</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Magic wand (select by terrain)</source>
        <translation>Zauberstab (nach Gelände auswählen)</translation>
    </message>
    <message>
        <source>Select</source>
        <translation>Auswahl</translation>
    </message>
    <message>
        <source>This tool has no options.</source>
        <translation>Dieses Werkzeug hat keine Optionen.</translation>
    </message>
    <message>
        <source>Options: {tool}</source>
        <translation>Optionen: {tool}</translation>
    </message>
    <message>
        <source>New region</source>
        <translation>Neue Region</translation>
    </message>
    <message>
        <source>Region id (a-z, 0-9, _ or -):</source>
        <translation>Regions-ID (a-z, 0-9, _ oder -):</translation>
    </message>
    <message numerus="yes">
        <source>%n hex(es)</source>
        <translation>
            <numerusform>%n Feld</numerusform>
            <numerusform>%n Felder</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Cannot open file</source>
        <translation>Datei kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>a new {kind} ({name})</source>
        <translation>ein neues Dokument vom Typ {kind} ({name})</translation>
    </message>
    <message>
        <source>Recover unsaved work?</source>
        <translation>Ungespeicherte Arbeit wiederherstellen?</translation>
    </message>
    <message>
        <source>An editor window did not shut down cleanly. Unsaved work on {original} from {stamp} was kept.

Restore it in a new window? (No discards it; Cancel keeps it for a later start.)</source>
        <translation>Ein Editorfenster wurde nicht sauber beendet. Ungesicherte Arbeit an {original} vom {stamp} wurde aufbewahrt.

In einem neuen Fenster wiederherstellen? (Nein verwirft sie; Abbrechen hebt sie für einen späteren Start auf.)</translation>
    </message>
    <message>
        <source>Cannot recover</source>
        <translation>Wiederherstellung nicht möglich</translation>
    </message>
    <message>
        <source>the scenario&apos;s file {path} cannot be opened (hint: its work stays kept for a later start)</source>
        <translation>die Szenariodatei {path} lässt sich nicht öffnen (Hinweis: die Arbeit bleibt für einen späteren Start aufbewahrt)</translation>
    </message>
</context>
<context>
    <name>dialogs</name>
    <message>
        <source> hexes</source>
        <translation> Felder</translation>
    </message>
</context>
<context>
    <name>export_dialog</name>
    <message>
        <source>the scenario {name} does not load: {first}</source>
        <translation>das Szenario {name} lädt nicht: {first}</translation>
    </message>
    <message>
        <source>fix the scenario file first (tcstudio validate)</source>
        <translation>zuerst die Szenariodatei korrigieren (tcstudio validate)</translation>
    </message>
    <message>
        <source>{count} error(s) in the map or scenario, first: {message}</source>
        <translation>{count} Fehler in Karte oder Szenario, erster: {message}</translation>
    </message>
    <message>
        <source>fix what the Problems panel lists, then export again</source>
        <translation>beheben, was die Problemliste zeigt, dann erneut exportieren</translation>
    </message>
    <message>
        <source>board {width} × {height} mm (hexes {hex} mm across)</source>
        <translation>Spielplan {width} × {height} mm (Felder {hex} mm breit)</translation>
    </message>
    <message>
        <source>{total} pages: page map + {pages} {paper} landscape pages ({rows} rows × {cols} columns)</source>
        <translation>{total} Seiten: Seitenübersicht + {pages} Seiten {paper} quer ({rows} Zeilen × {cols} Spalten)</translation>
    </message>
    <message>
        <source>{total} pages: page map + {pages} {paper} portrait pages ({rows} rows × {cols} columns)</source>
        <translation>{total} Seiten: Seitenübersicht + {pages} Seiten {paper} hoch ({rows} Zeilen × {cols} Spalten)</translation>
    </message>
    <message>
        <source>page grid: a line every {n} pages</source>
        <translation>Seitenraster: eine Linie alle {n} Seiten</translation>
    </message>
    <message>
        <source>Exported {format} to {path}</source>
        <translation>{format} exportiert nach {path}</translation>
    </message>
</context>
<context>
    <name>files</name>
    <message>
        <source>{path}: this is {a_kind} file, not a map (hint: open a .map.yaml file or a scenario)</source>
        <translation>{path}: diese Datei ist {a_kind}, keine Karte (Hinweis: eine .map.yaml-Datei oder ein Szenario öffnen)</translation>
    </message>
    <message>
        <source>… and {n} more</source>
        <translation>… und {n} weitere</translation>
    </message>
    <message>
        <source>{path}: the scenario names no map (hint: add `map: ../maps/X.map.yaml`)</source>
        <translation>{path}: das Szenario nennt keine Karte (Hinweis: `map: ../maps/X.map.yaml` ergänzen)</translation>
    </message>
    <message>
        <source>{path}: no such file (hint: check the path)</source>
        <translation>{path}: Datei nicht gefunden (Hinweis: den Pfad prüfen)</translation>
    </message>
    <message>
        <source>{path}: this is {a_kind} file, not a map</source>
        <translation>{path}: diese Datei ist {a_kind}, keine Karte</translation>
    </message>
    <message>
        <source>Cannot open {path}:
{problems}</source>
        <translation>{path} kann nicht geöffnet werden:
{problems}</translation>
    </message>
</context>
<context>
    <name>pack_open</name>
    <message>
        <source>{name}: cannot read or extract the pack: {reason} (hint: check the file and that the app data folder is writable)</source>
        <translation>{name}: das Paket lässt sich nicht lesen oder entpacken: {reason} (Hinweis: die Datei prüfen und ob der App-Datenordner beschreibbar ist)</translation>
    </message>
</context>
</TS>
