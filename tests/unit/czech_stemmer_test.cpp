// Czech light stemmer: each suffix group, the length guards, possessives and palatalisation.
#include "blog/search/czech_stemmer.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

namespace {

using blog::search::czech_alphabet;
using blog::search::czech_stem;

void expect_all_stem_to(std::initializer_list<const char*> words, const std::string& stem) {
  for (const char* word : words) EXPECT_EQ(czech_stem(word), stem) << word;
}

TEST(CzechStemmer, InflectionsOfPlatbaShareOneStem) {
  expect_all_stem_to({"platba", "platby", "platbě", "platbu", "platbou", "plateb", "platbám", "platbách", "platbami"},
                     "platb");
}

TEST(CzechStemmer, InflectionsOfBankaAndKartaShareOneStem) {
  expect_all_stem_to({"banka", "banky", "bance", "banku", "bankou", "bankám", "bankách", "bankami"}, "bank");
  expect_all_stem_to({"karta", "karty", "kartě", "kartu", "kartou", "karet", "kartám", "kartách", "kartami"}, "kart");
}

TEST(CzechStemmer, BezpecnostKeepsItsStem) {
  expect_all_stem_to({"bezpečnost", "bezpečnosti", "bezpečností", "bezpečnostem", "bezpečnostmi"}, "bezpečnost");
}

TEST(CzechStemmer, FiveLetterEndingNeedsMoreThanSevenLetters) {
  EXPECT_EQ(czech_stem("kuřatech"), "kuř");  // -atech
  EXPECT_EQ(czech_stem("kuře"), "kuř");
  // Seven letters: "-atech" stays, the shorter "-ech" goes.
  EXPECT_EQ(czech_stem("platech"), "plat");
}

TEST(CzechStemmer, FourLetterEndingsNeedMoreThanSixLetters) {
  EXPECT_EQ(czech_stem("kuřatům"), "kuř");  // -atům
  EXPECT_EQ(czech_stem("dítětem"), "dít");  // -ětem
  EXPECT_EQ(czech_stem("dítě"), "dít");
  EXPECT_EQ(czech_stem("kabinetem"), "kabin");  // -etem
  // Six letters: "-etem" stays, "-em" goes (then the mobile "e" of "poet").
  EXPECT_EQ(czech_stem("poetem"), "pot");
}

TEST(CzechStemmer, ThreeLetterEndingsNeedMoreThanFiveLetters) {
  EXPECT_EQ(czech_stem("hradech"), "hrad");  // -ech
  EXPECT_EQ(czech_stem("nového"), "nov");    // -ého
  EXPECT_EQ(czech_stem("novému"), "nov");    // -ému
  EXPECT_EQ(czech_stem("novými"), "nov");    // -ými
  EXPECT_EQ(czech_stem("nových"), "nov");    // -ých
  EXPECT_EQ(czech_stem("pánové"), "pán");    // -ové
  EXPECT_EQ(czech_stem("pánovi"), "pán");    // -ovi
  EXPECT_EQ(czech_stem("kartami"), "kart");  // -ami
  EXPECT_EQ(czech_stem("kuřata"), "kuř");    // -ata
  EXPECT_EQ(czech_stem("jarního"), "jarn");  // -ího
  EXPECT_EQ(czech_stem("jarními"), "jarn");  // -ími
  // Five letters: "-ami" stays, "-mi" goes.
  EXPECT_EQ(czech_stem("hrami"), "hra");
}

TEST(CzechStemmer, TwoLetterEndingsNeedMoreThanFourLetters) {
  EXPECT_EQ(czech_stem("hradem"), "hrad");  // -em
  EXPECT_EQ(czech_stem("hradům"), "hrad");  // -ům
  EXPECT_EQ(czech_stem("kartám"), "kart");  // -ám
  EXPECT_EQ(czech_stem("virus"), "vir");    // -us
  EXPECT_EQ(czech_stem("kosmos"), "kosm");  // -os
  EXPECT_EQ(czech_stem("dělat"), "děl");    // -at
  EXPECT_EQ(czech_stem("novým"), "nov");    // -ým
  // Four letters: nothing is removed.
  EXPECT_EQ(czech_stem("hrám"), "hrám");
}

TEST(CzechStemmer, FinalVowelNeedsMoreThanThreeLetters) {
  EXPECT_EQ(czech_stem("auto"), "aut");
  EXPECT_EQ(czech_stem("ruka"), "ruk");
  EXPECT_EQ(czech_stem("nový"), "nov");
  EXPECT_EQ(czech_stem("ano"), "ano");
  EXPECT_EQ(czech_stem("je"), "je");
}

TEST(CzechStemmer, PossessivesNeedMoreThanFiveLetters) {
  EXPECT_EQ(czech_stem("bratrův"), "bratr");  // -ův
  EXPECT_EQ(czech_stem("bratr"), "bratr");
  EXPECT_EQ(czech_stem("petrov"), "petr");   // -ov
  EXPECT_EQ(czech_stem("petrova"), "petr");  // -a, then -ov
  EXPECT_EQ(czech_stem("matčin"), "matk");   // -in, then č → k
  EXPECT_EQ(czech_stem("matka"), "matk");
  // Five letters: "-ov" stays.
  EXPECT_EQ(czech_stem("domov"), "domov");
}

TEST(CzechStemmer, PalatalisationIsUndone) {
  EXPECT_EQ(czech_stem("ruce"), "ruk");  // -ce → k
  EXPECT_EQ(czech_stem("ruka"), "ruk");
  EXPECT_EQ(czech_stem("mouce"), "mouk");
  EXPECT_EQ(czech_stem("mouka"), "mouk");
  EXPECT_EQ(czech_stem("praze"), "prah");  // -ze → h
  EXPECT_EQ(czech_stem("praha"), "prah");
  EXPECT_EQ(czech_stem("noze"), "noh");
  EXPECT_EQ(czech_stem("noha"), "noh");
  EXPECT_EQ(czech_stem("angličtí"), "anglick");  // -čt → ck
  EXPECT_EQ(czech_stem("anglický"), "anglick");
  EXPECT_EQ(czech_stem("čeští"), "česk");  // -št → sk
  EXPECT_EQ(czech_stem("český"), "česk");
  EXPECT_EQ(czech_stem("řeč"), "řek");  // č → k
  EXPECT_EQ(czech_stem("muž"), "muh");  // ž → h
}

TEST(CzechStemmer, MobileVowelsAreDropped) {
  EXPECT_EQ(czech_stem("plateb"), "platb");  // e before the last letter
  EXPECT_EQ(czech_stem("karet"), "kart");
  EXPECT_EQ(czech_stem("kůň"), "koň");  // ů before the last letter → o
  EXPECT_EQ(czech_stem("stůl"), "stol");
  EXPECT_EQ(czech_stem("stolu"), "stol");
}

TEST(CzechStemmer, LeavesShortAndOverlongWordsAlone) {
  EXPECT_EQ(czech_stem(""), "");
  EXPECT_EQ(czech_stem("a"), "a");
  const std::string long_word(80, 'a');
  EXPECT_EQ(czech_stem(long_word), long_word);
}

TEST(CzechStemmer, FoldedAlphabetGivesTheSameStemsWithoutDiacritics) {
  const auto folded = [](const char* word) { return czech_stem(word, czech_alphabet::folded); };
  EXPECT_EQ(folded("bankach"), "bank");
  EXPECT_EQ(folded("banka"), "bank");
  EXPECT_EQ(folded("bance"), "bank");
  EXPECT_EQ(folded("platbe"), "platb");
  EXPECT_EQ(folded("plateb"), "platb");
  EXPECT_EQ(folded("kuratum"), "kur");
  EXPECT_EQ(folded("noveho"), "nov");
  EXPECT_EQ(folded("bratruv"), "bratr");
  EXPECT_EQ(folded("cesti"), "cesk");
  EXPECT_EQ(folded("cesky"), "cesk");
  EXPECT_EQ(folded("anglicti"), "anglick");
  EXPECT_EQ(folded("bezpecnosti"), folded("bezpecnost"));
  EXPECT_EQ(folded("hram"), "hram");
}

TEST(CzechStemmer, WorksThroughXapianStem) {
  Xapian::Stem accented(new blog::search::czech_stemmer());
  Xapian::Stem folded(new blog::search::czech_stemmer(czech_alphabet::folded));
  EXPECT_EQ(accented("platbou"), "platb");
  EXPECT_EQ(accented("bankách"), "bank");
  EXPECT_EQ(folded("bankach"), "bank");
  EXPECT_NE(accented.get_description().find("czech"), std::string::npos);
  EXPECT_NE(folded.get_description().find("czech_folded"), std::string::npos);
}

}  // namespace
