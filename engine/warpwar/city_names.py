"""Names for the stars of generated maps: cities of the ancient world (R-GEN-2).

The printed map names its stars after cities of Mesopotamia; a generated map draws its names
from this longer list, which starts with the printed map's own. Every name is one word of
at most ten letters, so it reads on the map picture beside a neighbour's, and the list holds
more names than the largest generated map has stars (a test checks both).
"""

from __future__ import annotations

CITY_NAMES: tuple[str, ...] = (
    # the printed map's own
    "Mosul", "Ur", "Larsu", "Sippur", "Erech", "Calah", "Susa", "Byblos", "Adab", "Ubaid",
    "Nippur", "Khafa", "Mari", "Sumarra", "Lagash", "Elam", "Isin", "Assur", "Umma", "Jarmo",
    "Girsu", "Sumer", "Akkad", "Kish", "Nineveh", "Babylon", "Eridu", "Ugarit",
    # Mesopotamia and Syria
    "Uruk", "Eshnunna", "Kutha", "Nuzi", "Ebla", "Emar", "Terqa", "Qatna", "Hama", "Kadesh",
    "Alalakh", "Arwad", "Arbela", "Tarbisu", "Guzana", "Shuruppak", "Kullab", "Zabalam",
    "Marad", "Dilbat", "Borsippa", "Nisibis", "Edessa", "Harran", "Carchemish", "Aleppo",
    "Damascus", "Palmyra", "Dura", "Hatra", "Tushpa", "Musasir", "Tepe",
    # the Levant and Arabia
    "Jericho", "Tyre", "Sidon", "Megiddo", "Hazor", "Gezer", "Ashdod", "Gaza", "Hebron",
    "Shechem", "Samaria", "Arad", "Lachish", "Ekron", "Gath", "Petra", "Marib", "Timna",
    "Aksum", "Adulis",
    # Egypt and Nubia
    "Memphis", "Thebes", "Abydos", "Buto", "Sais", "Tanis", "Avaris", "Amarna", "Edfu",
    "Aswan", "Meroe", "Napata", "Kerma", "Giza", "Bubastis", "Hermopolis", "Dendera", "Esna",
    "Koptos",
    # Persia and the east
    "Persepolis", "Pasargadae", "Ecbatana", "Anshan", "Nishapur", "Merv", "Bactra",
    "Marakanda", "Herat", "Kandahar", "Harappa", "Lothal", "Dholavira", "Taxila", "Ujjain",
    "Kausambi", "Vaisali", "Sravasti",
    # Anatolia and the Aegean
    "Hattusa", "Kanesh", "Gordion", "Sardis", "Miletus", "Ephesus", "Troy", "Smyrna",
    "Phocaea", "Xanthos", "Tarsus", "Knossos", "Phaistos", "Mycenae", "Tiryns", "Pylos",
    "Argos", "Sparta", "Athens", "Corinth", "Delphi", "Olympia", "Megara", "Chalkis",
    "Eretria", "Thera", "Rhodes", "Lindos", "Delos", "Naxos",
    # the western Mediterranean
    "Carthage", "Utica", "Cyrene", "Leptis", "Sabratha", "Syracuse", "Gela", "Akragas",
    "Selinus", "Segesta", "Cumae", "Neapolis", "Paestum", "Taras", "Croton", "Sybaris",
    "Rome", "Veii", "Caere", "Tarquinia", "Massalia", "Gades", "Tartessos", "Emporion",
    "Numantia", "Alesia", "Bibracte", "Lutetia",
    # China and the Americas
    "Anyang", "Erlitou", "Luoyang", "Linzi", "Handan", "Xianyang", "Haojing", "Tikal",
    "Copan", "Palenque", "Caral", "Chavin", "Tiwanaku", "Cuzco",
)  # fmt: skip
