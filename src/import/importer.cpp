// A WordPress (Polylang) or Ghost export made posts: checked through, then written item by item
// under the post rules, each source item remembered so that importing again changes nothing.
#include "blog/import/importer.hpp"
#include "blog/import/site_archive.hpp"

#include "blog/core/crypto.hpp"
#include "blog/core/error.hpp"
#include "blog/core/text.hpp"
#include "blog/domain/auth/rules.hpp"
#include "blog/domain/categories.hpp"
#include "blog/domain/posts/rules.hpp"
#include "blog/domain/render/render.hpp"
#include "blog/domain/render/slug.hpp"
#include "blog/domain/text.hpp"
#include "blog/import/content.hpp"
#include "blog/import/fetch.hpp"
#include "blog/import/ghost.hpp"
#include "blog/import/php_value.hpp"
#include "blog/import/wxr.hpp"
#include "blog/media/image.hpp"
#include "blog/store/categories_store.hpp"
#include "blog/store/import_store.hpp"
#include "blog/store/posts_store.hpp"
#include "blog/store/uploads_store.hpp"
#include "blog/store/user_store.hpp"

#include <boost/json.hpp>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <exception>
#include <fstream>
#include <future>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <utility>

namespace blog::import {
namespace {

// What one item was, in the report's words.
std::string item_name(const wxr_item& item) {
  return "item " + std::to_string(item.post_id) + " (line " + std::to_string(item.line) + ")";
}

std::ifstream open_file(const std::filesystem::path& file) {
  // A folder opens as a file of no bytes: it would be "an unknown format".
  if (std::error_code ec; std::filesystem::is_directory(file, ec))
    throw invalid(file.string() + " is a folder, not an export file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw invalid("Cannot read " + file.string());
  return in;
}

// What a WordPress site's items are remembered by: its address without the scheme, a leading
// "www.", the case of its host's letters, a trailing dot of its host or trailing slashes, so that
// the export of a site that moved to https (or dropped its www) updates what it imported before
// instead of importing it twice; its path keeps its case (/Blog and /blog may be two sites).
// migrations/0017_import_source_keys.sql made the records of earlier imports the same.
std::string wordpress_source(std::string_view site_url) {
  for (std::string_view scheme : {"https://", "http://"})
    if (site_url.size() >= scheme.size() && core::to_lower_ascii(site_url.substr(0, scheme.size())) == scheme) {
      site_url.remove_prefix(scheme.size());
      break;
    }
  const auto slash = site_url.find('/');
  auto host = core::to_lower_ascii(site_url.substr(0, slash));
  if (host.starts_with("www.")) host.erase(0, 4);
  while (host.ends_with('.')) host.pop_back();
  auto key = "wordpress:" + host + std::string(slash == std::string_view::npos ? "" : site_url.substr(slash));
  while (key.ends_with('/')) key.pop_back();
  return key;
}

// Whether a request for `path` can ever reach a redirect: one of our own addresses (the API, the
// admin screens, post pages, uploads, the app's assets) or one a browser sends elsewhere ("//host")
// never does, and would only clutter Admin -> Redirects.
bool answers_with_redirect(std::string_view path) {
  if (path.starts_with("//")) return false;
  for (std::string_view ours : {"/api", "/admin", "/post/", "/uploads/", "/assets/"})
    if (path.starts_with(ours) &&
        (ours.ends_with('/') || path.size() == ours.size() || path[ours.size()] == '/' || path[ours.size()] == '?'))
      return false;
  return true;
}

// One image of an old site gets this long to arrive; one that does not is reported, not waited for.
constexpr std::chrono::milliseconds image_time_limit{30'000};

// An account a source author becomes: never a usable password ("!" is no argon2 hash, so no
// password matches it); they choose one through "forgot password".
constexpr const char* no_password = "!";

// The src of every <img> in HTML, in order (either quote).
std::vector<std::string> image_sources(std::string_view html) {
  std::vector<std::string> found;
  for (auto img = html.find("<img"); img != std::string_view::npos; img = html.find("<img", img + 4)) {
    auto end = html.find('>', img);
    auto tag = html.substr(img, end == std::string_view::npos ? std::string_view::npos : end - img);
    auto src = tag.find("src=");
    if (src == std::string_view::npos || src + 5 >= tag.size()) continue;
    const char quote = tag[src + 4];
    if (quote != '"' && quote != '\'') continue;
    auto close = tag.find(quote, src + 5);
    if (close != std::string_view::npos) found.emplace_back(tag.substr(src + 5, close - src - 5));
  }
  return found;
}

// Where an old site's upload lies in a copy of its uploads folder: the part of the URL after
// wp-content/uploads/ (WordPress) or content/images/ (Ghost); nullopt for any other URL.
std::optional<std::filesystem::path> upload_in(const std::filesystem::path& dir, std::string_view url) {
  for (std::string_view marker : {"/wp-content/uploads/", "/content/images/"}) {
    auto at = url.find(marker);
    if (at == std::string_view::npos) continue;
    auto rest = url.substr(at + marker.size());
    rest = rest.substr(0, rest.find_first_of("?#"));
    auto decoded = percent_decode(rest);
    // A path under the folder, never beside or above it: no "..", no root ("uploads//etc/…" or
    // "%2Fetc" would make `dir / decoded` that absolute path), no NUL.
    const std::filesystem::path relative(decoded);
    if (decoded.empty() || decoded.find("..") != std::string::npos || decoded.find('\0') != std::string::npos ||
        relative.has_root_path())
      return std::nullopt;
    return dir / relative;
  }
  return std::nullopt;
}

// New posts written (and pairs linked) to a transaction: every node's read model and search index
// then take five hundred posts at once, which costs them a fraction of as many single commits
// (bench/import.sh --quick: 100 a batch 30.5 s, 500 a batch 25.4 s, and readers' p99 halved).
constexpr std::size_t write_batch = 500;

struct pending_post {
  posts::post post;
  store::import_origin origin;
};

// A batch of new posts written on a thread of its own: what it was and what the database made of
// it (`done` is empty when the batch was refused).
struct written_batch {
  std::vector<store::import_insert> rows;
  std::vector<store::imported_post> done;
};

// Writes source posts under the post rules: categories, authors, free slugs, remembered by id.
// New posts are written in batches: flush() (link() does) writes what is decided.
class post_writer {
 public:
  // `site_urls`: the exported site's own addresses, the only hosts (beside --media-from's) its
  // images are fetched from, so that an uploaded file cannot send us to any address it names.
  post_writer(store::database& db, const import_options& options, import_report& report, std::string source,
              std::vector<source_author> authors, const std::vector<std::string>& site_urls = {})
      : db_(db), options_(options), report_(report), source_(std::move(source)), authors_(std::move(authors)) {
    for (const auto& url : site_urls)
      if (auto parts = split_url(url)) {
        if (site_origin_.empty()) site_origin_ = parts->origin;
        own_hosts_.insert(parts->host);
      }
    if (options_.media_from && options_.media_from->starts_with("http")) {
      media_base_ = split_url(*options_.media_from);
      if (!media_base_) throw invalid("--media-from takes a folder or an http(s) address");
      while (media_base_->rest.ends_with('/')) media_base_->rest.pop_back();
    }
    admin_ = store::first_admin_id(db_);
    if (options_.author) {
      auto account = store::find_credentials(db_, *options_.author);
      if (!account) throw invalid("No account " + *options_.author + " (--author takes a username or e-mail)");
      fixed_author_ = account->account.id;
    }
    // New categories, and posts whose author has no address, belong to the administrator.
    if (!admin_ && !fixed_author_)
      throw invalid(
          "The blog has no administrator yet: create one first (blogctl first-run or blogctl create-admin), or give "
          "--author");
    categories_ = domain::merged_category_names(store::load_custom_categories(db_));
  }

  void take(source_post post) {
    if (post.id.empty()) {
      // Every id would be one item: the second would update the first.
      report_.skipped.push_back({post.label, "no id to remember it by (nothing tells it from the other items)"});
      return;
    }
    std::string language;
    if (post.language) {
      auto ours = our_language(*post.language);
      if (!ours) {
        ++report_.other_languages[*post.language];
        skip(post, "language " + *post.language);
        return;
      }
      language = *ours;
    } else if (options_.language) {
      language = *options_.language;
    } else {
      skip(post, "no language: the export names none (give --language en or cs)");
      return;
    }
    // The same item twice in a file: the first is written first.
    if (queued_ids_.contains(post.id) || pending_ids_.contains(post.id) || writing_ids_.contains(post.id)) flush();
    try {
      queue_.push_back(prepare(post, language));
      queued_ids_.insert(queue_.back().post.id);
    } catch (const blog::error& e) {
      refused(post, e);
    }
    if (queue_.size() >= write_batch) decide_queued();
  }

  // Links each group's English and Czech posts (source ids) as translations of each other.
  // Pairs are linked a batch to a transaction; a batch that fails is linked again pair by pair,
  // so that the report names the group refused and the others are linked.
  void link(std::map<std::string, std::map<std::string, std::string>> groups) {
    flush();
    const posts::viewer importer{admin_.value_or(0), true};
    auto check = [importer](const posts::post& self, const posts::post& target) {
      posts::check_translation_link(self, target, importer, posts::now_ms());
    };
    complete_groups_from_earlier_imports(groups);
    remember_earlier_imports(groups);
    std::vector<pair_to_link> batch;
    auto link_batch = [&] {
      std::vector<std::pair<int, int>> ids;
      for (const auto& pair : batch) ids.emplace_back(pair.en_post, pair.cs_post);
      try {
        report_.pairs_linked += store::write_posts(db_, [&](store::post_write& w) {
          auto linked = link_pairs(w, ids, check);
          w.commit();
          return linked;
        });
      } catch (const blog::error& e) {
        if (e.kind() == error_kind::unavailable) throw;
        for (const auto& pair : batch) link_one(pair, check);
      }
      batch.clear();
    };
    for (const auto& [group, members] : groups) {
      auto en = members.find("en");
      auto cs = members.find("cs");
      if (en == members.end() || cs == members.end()) continue;
      auto en_post = imported_.find(en->second);
      auto cs_post = imported_.find(cs->second);
      if (en_post == imported_.end() || cs_post == imported_.end()) continue;
      if (options_.dry_run) {
        ++report_.pairs_linked;
        continue;
      }
      batch.push_back({group, en->second, cs->second, en_post->second, cs_post->second});
      if (batch.size() >= write_batch) link_batch();
    }
    if (!batch.empty()) link_batch();
  }

  // Remembers each group this run's posts are in, and completes a group this run has one side
  // of with the other side an earlier import remembered (the export of one language at a time
  // names the group only in its own items).
  void complete_groups_from_earlier_imports(std::map<std::string, std::map<std::string, std::string>>& groups) {
    std::vector<std::pair<std::string, std::string>> members;
    std::vector<std::string> incomplete;
    for (const auto& [group, by_language] : groups) {
      for (const auto& [language, id] : by_language)
        if (imported_.contains(id)) members.emplace_back(id, group);
      if (!by_language.contains("en") || !by_language.contains("cs")) incomplete.push_back(group);
    }
    if (!options_.dry_run) store::remember_translation_groups(db_, source_, members);
    for (std::size_t at = 0; at < incomplete.size(); at += write_batch) {
      const std::vector<std::string> part(
          incomplete.begin() + static_cast<std::ptrdiff_t>(at),
          incomplete.begin() + static_cast<std::ptrdiff_t>(std::min(incomplete.size(), at + write_batch)));
      for (auto& member : store::find_translation_group_members(db_, source_, part))
        groups[member.group].emplace(member.language, member.source_id);  // this run's side stays
    }
  }

  // The group members this run did not take (an export of one language at a time, an item of
  // a later export that no longer carries its translation) are the posts an earlier import made
  // of them, when there is one: the group links them as well.
  void remember_earlier_imports(const std::map<std::string, std::map<std::string, std::string>>& groups) {
    std::vector<std::pair<std::string, std::string>> missing;
    std::set<std::string> asked;
    for (const auto& [group, members] : groups) {
      if (!members.contains("en") || !members.contains("cs")) continue;
      for (const auto& [language, id] : members)
        if (!imported_.contains(id) && asked.insert(id).second) missing.emplace_back(id, std::string());
    }
    for (std::size_t at = 0; at < missing.size(); at += write_batch) {
      const auto end = std::min(missing.size(), at + write_batch);
      const std::vector<std::pair<std::string, std::string>> part(missing.begin() + static_cast<std::ptrdiff_t>(at),
                                                                  missing.begin() + static_cast<std::ptrdiff_t>(end));
      auto found = store::look_up_imports(db_, source_, part);
      for (std::size_t i = 0; i < part.size(); ++i)
        if (found[i].item) imported_[part[i].first] = found[i].item->post_id;
    }
  }

  // Decides the items taken so far and writes the new posts among them.
  void flush() {
    decide_queued();
    write_pending();
    finish_writing();
  }

 private:
  // An item taken, its fields as the post rules read them, not yet looked up.
  struct queued_item {
    source_post post;
    std::string language;
    posts::post_fields fields;
    std::optional<int> author;
    std::string hash;
  };

  // Starts writing the new posts decided so far, a batch to a transaction, on a connection of
  // its own while the next batch is read and decided (bench/import.sh --quick: the import's own
  // work and the database's had taken turns); the batch before is finished first.
  void write_pending() {
    if (pending_.empty()) return;
    finish_writing();
    std::vector<store::import_insert> rows;
    rows.reserve(pending_.size());
    for (auto& one : pending_) rows.push_back({std::move(one.post), std::move(one.origin)});
    pending_.clear();
    writing_ids_ = std::move(pending_ids_);
    pending_ids_.clear();
    writing_ = std::async(std::launch::async, [&db = db_, rows = std::move(rows)]() mutable {
      written_batch batch;
      try {
        batch.done = store::insert_imported_posts(db, rows);
      } catch (const blog::error& e) {
        if (e.kind() == error_kind::unavailable) throw;
      } catch (const std::exception&) {
        // The database refused the batch (a trigger, a constraint): written again one by one
        // in finish_writing(), where the one that fails says why.
      }
      batch.rows = std::move(rows);
      return batch;
    });
  }

  // Waits for the batch being written and takes its posts into the report; a batch the database
  // refused is written again post by post, so that only the post refused is skipped.
  void finish_writing() {
    if (!writing_.valid()) return;
    auto batch = writing_.get();
    const auto labels = std::move(writing_ids_);
    writing_ids_.clear();
    for (std::size_t i = 0; i < batch.rows.size(); ++i) {
      const auto& one = batch.rows[i];
      store::imported_post written;
      if (i < batch.done.size()) {
        written = batch.done[i];
      } else {
        try {
          written = store::insert_imported_post(db_, one.post, one.origin);
        } catch (const blog::error& e) {
          if (e.kind() == error_kind::unavailable) throw;
          slugs_used_.erase(one.post.slug);
          report_.skipped.push_back({one.origin.source_id, e.what()});
          continue;
        }
      }
      imported_[one.origin.source_id] = written.id;
      report_.redirects_added += written.redirects_added;
      ++report_.created;
      if (std::cmp_less(written.redirects_added, one.origin.old_paths.size())) {
        auto label = labels.find(one.origin.source_id);
        report_redirects_taken(label == labels.end() ? one.origin.source_id : label->second, one.origin.old_paths,
                               written.id);
      }
    }
  }

  // Says which of a post's old addresses already lead to another post (two items of an export
  // with one <link>, or a post of an earlier import): the first keeps it, as the admin can change.
  void report_redirects_taken(const std::string& label, const std::vector<std::string>& paths, int post_id) {
    for (const auto& path : paths)
      if (auto there = store::find_redirect(db_, path); there && there->post_id != post_id)
        report_redirect_taken(label, path, there->slug);
  }

  void report_redirect_taken(const std::string& label, const std::string& path, const std::string& slug) {
    report_.problems.push_back(label + ": its old address " + path + " already leads to /post/" + slug + ": left so");
  }

  // Looks the queued items up (import records, slugs taken) in one round trip, then decides each.
  void decide_queued() {
    if (queue_.empty()) return;
    auto items = std::move(queue_);
    queue_.clear();
    queued_ids_.clear();
    std::vector<std::pair<std::string, std::string>> keys;
    keys.reserve(items.size());
    for (const auto& item : items) keys.emplace_back(item.post.id, *item.fields.slug);
    auto found = store::look_up_imports(db_, source_, keys);
    if (!options_.dry_run) prefetch_images(items, found);
    for (std::size_t i = 0; i < items.size(); ++i) {
      try {
        decide(items[i], found[i]);
      } catch (const blog::error& e) {
        refused(items[i].post, e);
      }
    }
  }

  void refused(const source_post& post, const blog::error& e) {
    if (e.kind() == error_kind::unavailable) throw;  // called inside the catch
    std::string reason = e.what();
    for (const auto& [field, message] : e.fields())
      if (message != reason) reason += "; " + message;
    skip(post, reason);
  }
  struct pair_to_link {
    std::string group, en, cs;  // the group and the source ids of its posts
    int en_post = 0;
    int cs_post = 0;
  };

  // Links each pair (first, second) as translations of each other in `w`'s transaction, each
  // checked by `check(first, second)` (both locked) first; a pair linked already to each other is
  // left as it is. Every post of the batch is locked and read in one statement, and pairs of posts
  // linked to nobody (a new import) are linked by one statement; any other pair (a post linked
  // before, or named twice) is relinked on its own, reading its posts afresh. Returns how many
  // pairs were linked. Throws blog::error 404 when a post is gone, and what `check` throws.
  template <typename Check>
  static int link_pairs(store::post_write& w, const std::vector<std::pair<int, int>>& pairs, const Check& check) {
    std::vector<int> ids;
    for (const auto& [first, second] : pairs) ids.insert(ids.end(), {first, second});
    const auto locked = w.lock_all(ids);
    std::set<int> touched;
    std::vector<std::pair<int, int>> fresh;
    int linked = 0;
    for (const auto& [first, second] : pairs) {
      const auto self = locked.find(first);
      const auto target = locked.find(second);
      const bool untouched = !touched.contains(first) && !touched.contains(second);
      touched.insert({first, second});
      if (self == locked.end()) throw not_found("The post to link as a translation was not found");
      if (untouched && first != second && target != locked.end() && !self->second.translation &&
          !target->second.translation) {
        check(self->second, target->second);
        fresh.emplace_back(first, second);
        ++linked;
        continue;
      }
      w.link_pairs(fresh);  // what is read next must include the links decided so far
      fresh.clear();
      auto now = w.lock({first, {}});
      if (!now) throw not_found("The post to link as a translation was not found");
      const auto old_target = now->translation ? std::optional<int>(now->translation->id) : std::nullopt;
      if (old_target == second) continue;
      check(*now, w.lock_counterpart(second, first));
      w.relink(first, old_target, second);
      ++linked;
    }
    w.link_pairs(fresh);
    return linked;
  }

  template <typename Check>
  void link_one(const pair_to_link& pair, const Check& check) {
    {
      auto both = store::load_posts(db_, {pair.en_post});
      if (both.empty()) return;
      if (both[0].translation && both[0].translation->id == pair.cs_post) return;
      try {
        report_.pairs_linked += store::write_posts(db_, [&](store::post_write& w) {
          auto linked = link_pairs(w, {{pair.en_post, pair.cs_post}}, check);
          w.commit();
          return linked;
        });
      } catch (const blog::error& e) {
        if (e.kind() == error_kind::unavailable) throw;
        report_.problems.push_back("Translation group " + pair.group + " (items " + pair.en + " and " + pair.cs +
                                   ") not linked: " + e.what());
      }
    }
  }

  void skip(const source_post& post, std::string reason) { report_.skipped.push_back({post.id, std::move(reason)}); }

  std::string category_of(const source_post& post) {
    std::string name = post.category.empty() ? std::string("Uncategorized") : domain::trim(post.category);
    if (auto listed = domain::listed_category(categories_, name)) return *listed;
    // A category our rules refuse never costs the post: a long name is cut to the 50 characters
    // a category may have, and one shorter than 3 ("AI", "EU"), or of characters no category may
    // hold, files the post under Uncategorized. The report says which.
    if (core::utf8::length(name) > domain::max_category_name_chars) {
      std::size_t at = 0;
      for (std::size_t chars = 0; at < name.size() && chars < domain::max_category_name_chars; ++chars)
        core::utf8::decode(name, at);
      auto cut = domain::trim(std::string_view(name).substr(0, at));
      report_.problems.push_back(post.label + ": category \"" + name + "\" cut to 50 characters: " + cut);
      name = std::move(cut);
      if (auto listed = domain::listed_category(categories_, name)) return *listed;
    }
    try {
      name = domain::validated_category_name(name);
    } catch (const blog::error& e) {
      if (name == "Uncategorized") throw;
      std::string why = e.fields().empty() ? std::string(e.what()) : e.fields().begin()->second;
      report_.problems.push_back(post.label + ": category \"" + name + "\" cannot be one here (" + why +
                                 "): filed under Uncategorized");
      source_post uncategorized;
      uncategorized.author = post.author;
      return category_of(uncategorized);
    }
    if (!options_.dry_run) {
      try {
        store::insert_category(db_, name, admin_.value_or(author_for(post).value_or(0)));
      } catch (const blog::error& e) {
        if (e.kind() != error_kind::conflict) throw;
      }
    }
    categories_.push_back(name);
    ++report_.categories_created;
    return name;
  }

  std::optional<int> author_for(const source_post& post) {
    if (fixed_author_) return fixed_author_;
    auto known = accounts_.find(post.author);
    if (known != accounts_.end()) return known->second;
    std::optional<int> id = admin_;
    const source_author* source = nullptr;
    for (const auto& a : authors_)
      if (a.key == post.author) source = &a;
    if (source && !source->email.empty()) {
      if (auto user = store::find_user_by_email(db_, source->email)) {
        id = user->id;
      } else if (!options_.dry_run) {
        id = create_author(*source);
      } else {
        ++report_.authors_created;
      }
    }
    accounts_[post.author] = id;
    return id;
  }

  std::optional<int> create_author(const source_author& source) {
    const auto login = source.login.empty() ? source.email.substr(0, source.email.find('@')) : source.login;
    // "Forgot password" is how such an account gets a password: it needs an address that is one.
    if (!auth::is_valid_email(source.email)) {
      report_.problems.push_back("Author " + login + " has no valid e-mail address (" + source.email +
                                 "): their posts go to the administrator");
      return admin_;
    }
    // A username our sign-up would take: "Jan Novák" becomes jan-novak, "x" author-x.
    std::string username = login;
    if (!auth::is_valid_username(username)) {
      username = render::slugify(login).substr(0, 40);
      while (!username.empty() && username.back() == '-') username.pop_back();
      if (username.size() < 3) username = "author" + (username.empty() ? std::string() : "-" + username);
      report_.problems.push_back("Author " + login + " is the account " + username +
                                 " (a username has 3 to 50 letters, digits, dots, underscores or hyphens)");
    }
    for (int attempt = 1; attempt <= 5; ++attempt) {
      store::new_user u;
      u.username = attempt == 1 ? username : username + "-" + std::to_string(attempt);
      u.email = source.email;
      u.password_hash = no_password;
      u.approval_status = std::string(auth::status_approved);
      u.email_verified = true;
      try {
        auto created = store::insert_user(db_, u);
        ++report_.authors_created;
        return created.id;
      } catch (const blog::error& e) {
        if (e.kind() != error_kind::conflict || e.fields().contains("email")) break;
      }
    }
    report_.problems.push_back("Author " + login + " could not be created: their posts go to the administrator");
    return admin_;
  }

  // The post's content without its images embedded as data: URLs (the post rules refuse them and
  // there is no file to fetch), each left out with a line in the report.
  std::string without_embedded_images(const source_post& post) {
    const std::string& content = post.content;
    // Nearly every post has none: no lowered copy of its text for them (any case of "data:").
    if (!core::icontains_ascii(content, "data:")) return content;
    const std::string lower = core::to_lower_ascii(content);
    std::string out;
    std::size_t pos = 0;
    int left_out = 0;
    for (auto at = lower.find("<img"); at != std::string::npos; at = lower.find("<img", pos)) {
      const auto end = lower.find('>', at);
      if (end == std::string::npos) break;
      const auto tag = std::string_view(lower).substr(at, end - at);
      const bool embedded = tag.find("src=\"data:") != std::string_view::npos ||
                            tag.find("src='data:") != std::string_view::npos ||
                            tag.find("src=data:") != std::string_view::npos;
      out.append(content, pos, (embedded ? at : end + 1) - pos);
      pos = end + 1;
      if (embedded) ++left_out;
    }
    out.append(content, pos);
    if (left_out > 0)
      report_.problems.push_back(post.label + ": " + std::to_string(left_out) +
                                 " image(s) embedded in the text as data: left out (no file to store)");
    return out;
  }

  // The item's fields as the post rules read them, its author and the hash of both; takes `post`
  // only when it returns.
  queued_item prepare(source_post& post, const std::string& language) {
    for (const auto& problem : post.problems) report_.problems.push_back(problem);
    posts::post_fields fields;
    fields.title = domain::trim(post.title);
    fields.slug = render::slugify(post.slug);
    fields.content = without_embedded_images(post);
    if (domain::trim(*fields.content).empty()) {
      // A draft not yet written, a post that was only a [gallery]: kept, unpublished, with a line
      // saying so in place of the text every post must have. A body the source could not read is
      // reported by it.
      fields.content = language == "cs" ? "<p>(Na původním webu bez textu.)</p>" : "<p>(No text on the old site.)</p>";
      post.published = false;
      if (!post.body_unreadable)
        report_.problems.push_back(post.label +
                                   ": no text on the old site: imported unpublished, with a line saying so");
    }
    fields.excerpt = render::make_excerpt(domain::trim(post.excerpt), 500);
    fields.category = category_of(post);
    if (!post.cover_image.empty()) fields.cover_image = post.cover_image;
    fields.language = language;
    fields.published = post.published;
    if (post.published_at_ms) fields.published_at = posts::iso_time(*post.published_at_ms);
    const auto author = author_for(post);
    // The hash of what is read as the JSON body the importer once built (an API request's
    // spelling), so that imports made before this build still find their items unchanged.
    boost::json::object read;
    read["title"] = *fields.title;
    read["slug"] = *fields.slug;
    read["content"] = *fields.content;
    read["excerpt"] = *fields.excerpt;
    read["category"] = *fields.category;
    if (fields.cover_image) read["coverImage"] = *fields.cover_image;
    read["language"] = language;
    read["published"] = post.published;
    if (fields.published_at) read["publishedAt"] = *fields.published_at;
    auto hash =
        core::sha256_hex(boost::json::serialize(read) + "|" + (author ? std::to_string(*author) : std::string()));
    return {std::move(post), language, std::move(fields), author, std::move(hash)};
  }

  // Creates, updates or leaves the item's post, by what its lookup found.
  void decide(queued_item& item, const store::import_lookup& found) {
    const auto& post = item.post;
    const auto& language = item.language;
    auto& fields = item.fields;
    const auto author = item.author;
    const auto& hash = item.hash;
    const auto& existing = found.item;
    looked_up_slug_ = {*fields.slug, found.slug_taken};
    int post_id = 0;
    if (!existing || existing->content_hash != hash) store_images(fields, author);
    if (existing && existing->content_hash == hash) {
      ++report_.unchanged;
      post_id = existing->post_id;
    } else if (existing) {
      fields.slug.reset();  // its address stays
      const posts::viewer importer{admin_.value_or(0), true};
      if (!options_.dry_run) {
        bool changed = store::write_posts(db_, [&](store::post_write& w) {
          auto p = w.lock({existing->post_id, {}});
          if (!p) return false;
          *p = posts::post_from_update(*p, fields, importer, categories_);
          p->author_id = author;
          w.update(*p);
          w.commit();
          return true;
        });
        if (!changed) throw not_found("The post imported before is gone");
        store::remember_imported(db_, source_, post.id, existing->post_id, hash);
      }
      ++report_.updated;
      post_id = existing->post_id;
    } else {
      auto p = posts::post_from_create(fields, posts::now_ms(), categories_);
      p.author_id = author;
      // Not a new story: its readers had it on the old site (a move must not mail the whole list
      // one message per old post), and it never will be one (a scheduled or draft post either).
      p.newsletter = "none";
      p.slug = free_slug(p.slug, language, post.label);
      slugs_used_.insert(p.slug);
      if (options_.dry_run) {
        for (const auto& path : post.old_paths) dry_redirect(post.label, path, p.slug);
        ++report_.created;
        imported_[post.id] = 0;
      } else {
        pending_ids_.emplace(post.id, post.label);
        pending_.push_back({std::move(p), {source_, post.id, hash, post.old_paths}});
        if (pending_.size() >= write_batch) write_pending();
      }
      return;
    }
    imported_[post.id] = post_id;
    for (const auto& path : post.old_paths) {
      if (options_.dry_run) {
        if (auto there = store::find_redirect(db_, path); !there)
          dry_redirect(post.label, path, "#" + std::to_string(post_id));  // no slug is "#…"
        else if (there->post_id != post_id)
          report_redirects_taken(post.label, {path}, post_id);
      } else if (store::add_redirect(db_, path, post_id)) {
        ++report_.redirects_added;
      } else {
        report_redirects_taken(post.label, {path}, post_id);
      }
    }
  }

  // What a real run would do with an old address of a post (whose slug is `slug`), counted and
  // said as it would: added, or already leading to another post (in the blog, or earlier in
  // this run).
  void dry_redirect(const std::string& label, const std::string& path, const std::string& slug) {
    auto earlier = dry_paths_.find(path);
    std::optional<std::string> taken_by;
    if (earlier != dry_paths_.end())
      taken_by = earlier->second;
    else if (auto there = store::find_redirect(db_, path))
      taken_by = there->slug;
    if (taken_by && *taken_by != slug) {
      report_redirect_taken(label, path, *taken_by);
      return;
    }
    if (taken_by) return;
    dry_paths_.emplace(path, slug);
    ++report_.redirects_added;
  }

  // Every image the post uses (cover, <img> in content) stored through the upload pipeline from
  // --media-from's folder, else fetched from the old site, the post pointing at our copy; one
  // that cannot be stored keeps its address and a line in the report.
  void store_images(posts::post_fields& fields, std::optional<int> owner) {
    std::string content = fields.content.value_or("");
    for (const auto& url : images_of(fields)) {
      auto ours = stored_copy(url, owner);
      if (!ours) continue;
      content = replace_all(std::move(content), url, *ours);
      if (fields.cover_image == url) fields.cover_image = *ours;
    }
    fields.content = std::move(content);
  }

  static std::vector<std::string> images_of(const posts::post_fields& fields) {
    auto urls = image_sources(fields.content.value_or(""));
    if (fields.cover_image) urls.emplace_back(*fields.cover_image);
    return urls;
  }

  // An image of a batch being read or fetched and decoded on a thread of its own.
  struct image_job {
    std::string url;
    int owner = 0;
    std::optional<std::filesystem::path> file;  // from --media-from's folder
    std::string address;                        // else fetched from here
    std::optional<uploads::processed_image> processed;
    std::string problem;  // the report's line when not processed
  };

  // The images that a batch's new and changed posts use, fetched (or read) and decoded
  // max_images_in_flight() at a time, then stored in the order the posts name them: the old
  // site's answers and the decoding overlap, where one image at a time left the import waiting
  // on each (bench/import.sh --quick: 500 images were a third of its time). decide() then finds
  // each of them done.
  void prefetch_images(const std::vector<queued_item>& items, const std::vector<store::import_lookup>& found) {
    std::vector<image_job> jobs;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (found[i].item && found[i].item->content_hash == items[i].hash) continue;  // unchanged: no image read
      const auto owner = items[i].author ? items[i].author : admin_;
      if (!owner) continue;  // stored_copy reports it
      for (auto& url : images_of(items[i].fields)) {
        if (images_.contains(url) || !seen.insert(url).second) continue;
        image_job job{url, *owner, std::nullopt, {}, std::nullopt, {}};
        if (options_.media_from && !media_base_) {
          job.file = upload_in(*options_.media_from, url);
          if (!job.file) continue;  // stored_copy reports it
        } else if (auto address = fetch_address(url)) {
          job.address = std::move(*address);
        } else {
          images_[url] = std::nullopt;  // fetch_address reported why
          continue;
        }
        jobs.push_back(std::move(job));
      }
    }
    const std::size_t threads = std::max(1U, uploads::max_images_in_flight());
    while (fetchers_.size() < threads)
      fetchers_.push_back(
          std::make_unique<image_fetcher>(uploads::max_image_bytes, image_time_limit, options_.private_hosts));
    // A few at a time: a batch's decoded images (each up to 5 MB and its variants) are never all in memory.
    for (std::size_t start = 0; start < jobs.size(); start += 2 * threads) {
      const std::size_t end = std::min(jobs.size(), start + 2 * threads);
      std::atomic<std::size_t> next{start};
      std::exception_ptr failed;
      std::mutex failed_mutex;
      {
        std::vector<std::jthread> workers;
        for (std::size_t t = 0; t < std::min(threads, end - start); ++t)
          workers.emplace_back([&, &fetcher = *fetchers_[t]] {
            for (std::size_t k = next++; k < end; k = next++) {
              try {
                load_image(jobs[k], fetcher);
              } catch (...) {
                std::scoped_lock lock(failed_mutex);
                if (!failed) failed = std::current_exception();
              }
            }
          });
      }
      if (failed) std::rethrow_exception(failed);
      for (std::size_t k = start; k < end; ++k) keep_image(jobs[k]);
    }
  }

  // On a thread of prefetch_images: the job's bytes and their decoding, or the problem.
  static void load_image(image_job& job, image_fetcher& fetcher) {
    std::optional<std::string> bytes;
    if (job.file) {
      std::ifstream in(*job.file, std::ios::binary);
      if (!in) {
        job.problem = "Image " + job.url + " not stored: " + job.file->string() + " cannot be read";
        return;
      }
      std::stringstream read;
      read << in.rdbuf();
      bytes = read.str();
    } else {
      auto got = fetcher.get(job.address);
      if (!got.bytes) {
        job.problem =
            "Image " + job.url + " not fetched: " + (job.address == job.url ? "" : job.address + " ") + got.problem;
        return;
      }
      bytes = std::move(got.bytes);
    }
    for (;;) {
      try {
        job.processed = uploads::process_image(*bytes);
        return;
      } catch (const blog::error& e) {
        // Every decoding place taken (by this import's own threads only): wait for one.
        if (e.kind() == error_kind::unavailable) {
          std::this_thread::sleep_for(std::chrono::milliseconds(5));
          continue;
        }
        job.problem = "Image " + job.url + " not stored: " + e.what();
        return;
      }
    }
  }

  // Back on the import's thread: the decoded image stored (or its problem reported), in order.
  void keep_image(image_job& job) {
    std::optional<std::string> result;
    if (job.processed) {
      auto sha = core::sha256_hex(job.processed->original.bytes);
      store::save_upload(db_, sha, *job.processed, job.owner);
      result = "/uploads/" + sha + "." + job.processed->original.extension;
      ++report_.images_stored;
    } else {
      report_.problems.push_back(std::move(job.problem));
    }
    images_[job.url] = std::move(result);
  }

  std::optional<std::string> stored_copy(const std::string& url, std::optional<int> owner) {
    if (auto done = images_.find(url); done != images_.end()) return done->second;
    std::optional<std::string> result;
    auto uploader = owner ? owner : admin_;
    std::optional<std::string> bytes;
    if (!uploader) {
      report_.problems.push_back("Image " + url + " not stored: no account to own it");
    } else if (options_.dry_run) {
      // A dry run fetches nothing (an old site of thousands of images is not asked for each
      // one to write nothing): it says what a real run would fetch, the host rules applied.
      if (auto from = would_fetch(url)) report_.images_to_fetch.push_back(*from == url ? url : url + " from " + *from);
    } else if (options_.media_from && !media_base_) {
      bytes = read_from_folder(url);
    } else {
      bytes = fetch(url);
    }
    if (bytes) {
      try {
        auto processed = uploads::process_image(*bytes);
        auto sha = core::sha256_hex(processed.original.bytes);
        if (!options_.dry_run) store::save_upload(db_, sha, processed, *uploader);
        result = "/uploads/" + sha + "." + processed.original.extension;
        ++report_.images_stored;
      } catch (const blog::error& e) {
        if (e.kind() == error_kind::unavailable) throw;
        report_.problems.push_back("Image " + url + " not stored: " + e.what());
      }
    }
    images_[url] = result;
    return result;
  }

  // Where a real run would read or fetch the image from; nullopt (and a line in the report, as a
  // real run writes it) when it would not.
  std::optional<std::string> would_fetch(const std::string& url) {
    if (!options_.media_from || media_base_) return fetch_address(url);
    auto file = upload_in(*options_.media_from, url);
    if (!file) {
      report_.problems.push_back("Image " + url + " not stored: not an upload of the old site");
      return std::nullopt;
    }
    if (!std::filesystem::is_regular_file(*file)) {
      report_.problems.push_back("Image " + url + " not stored: " + file->string() + " cannot be read");
      return std::nullopt;
    }
    return file->string();
  }

  std::optional<std::string> read_from_folder(const std::string& url) {
    auto file = upload_in(*options_.media_from, url);
    if (!file) {
      report_.problems.push_back("Image " + url + " not stored: not an upload of the old site");
      return std::nullopt;
    }
    std::ifstream in(*file, std::ios::binary);
    if (!in) {
      report_.problems.push_back("Image " + url + " not stored: " + file->string() + " cannot be read");
      return std::nullopt;
    }
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
  }

  // Where an image of the old site is fetched from: an address on the site's own host (or
  // root-relative) from --media-from's URL when given, else as it is; --media-from's own host as
  // it is; any other host never (an uploaded file names whatever it likes).
  std::optional<std::string> fetch_address(const std::string& url) {
    auto parts = split_url(url);
    std::string rest;
    if (parts) {
      if (media_base_ && parts->host == media_base_->host) return url;
      if (!own_hosts_.contains(parts->host)) {
        report_.problems.push_back("Image " + url + " not fetched: " + parts->host +
                                   " is not the exported site's host (only it and --media-from's are fetched from)");
        return std::nullopt;
      }
      if (!media_base_) return url;
      rest = parts->rest;
    } else if (url.starts_with('/') && !url.starts_with("//")) {
      rest = url;
    } else {
      report_.problems.push_back("Image " + url + " not fetched: not an http(s) address");
      return std::nullopt;
    }
    if (media_base_) return media_base_->origin + media_base_->rest + rest;
    if (!site_origin_.empty()) return site_origin_ + rest;
    report_.problems.push_back("Image " + url +
                               " not fetched: the export names no site to fetch it from (give --media-from URL)");
    return std::nullopt;
  }

  std::optional<std::string> fetch(const std::string& url) {
    auto address = fetch_address(url);
    if (!address) return std::nullopt;
    if (!fetcher_)
      fetcher_ = std::make_unique<image_fetcher>(uploads::max_image_bytes, image_time_limit, options_.private_hosts);
    auto got = fetcher_->get(*address);
    if (!got.bytes)
      report_.problems.push_back("Image " + url + " not fetched: " + (*address == url ? "" : *address + " ") +
                                 got.problem);
    return std::move(got.bytes);
  }

  bool slug_taken(const std::string& slug) {
    if (slugs_used_.contains(slug)) return true;
    // A dry run reads what the blog has as the import would: its report names the same renames.
    if (looked_up_slug_.first == slug) return looked_up_slug_.second;
    return store::post_id_by_slug(db_, slug).has_value();
  }

  // Slugs never overwrite: one taken by another story gets the language's suffix.
  std::string free_slug(const std::string& slug, const std::string& language, const std::string& name) {
    if (!slug_taken(slug)) return slug;
    auto candidate = slug + "-" + language;
    for (int n = 2; slug_taken(candidate); ++n) candidate = slug + "-" + language + "-" + std::to_string(n);
    report_.problems.push_back(name + ": the slug " + slug + " is taken, imported as " + candidate);
    return candidate;
  }

  store::database& db_;
  const import_options& options_;
  import_report& report_;
  std::string source_;
  std::vector<source_author> authors_;
  std::optional<int> admin_;
  std::optional<int> fixed_author_;
  std::vector<std::string> categories_;
  std::map<std::string, std::optional<int>> accounts_;  // source author → account
  std::map<std::string, int> imported_;                 // source id → post id (0 when dry)
  std::set<std::string> slugs_used_;
  std::map<std::string, std::string> dry_paths_;              // a dry run's redirects: old path → slug
  std::pair<std::string, bool> looked_up_slug_;               // the current item's slug, and whether a post had it then
  std::vector<queued_item> queue_;                            // items taken, not yet looked up (up to write_batch)
  std::set<std::string> queued_ids_;                          // their source ids
  std::vector<pending_post> pending_;                         // new posts decided, not written yet (up to write_batch)
  std::map<std::string, std::string> pending_ids_;            // their source ids → labels
  std::future<written_batch> writing_;                        // the batch being written (write_pending)
  std::map<std::string, std::string> writing_ids_;            // its source ids → labels
  std::map<std::string, std::optional<std::string>> images_;  // old URL → our copy (nullopt: not stored)
  std::set<std::string> own_hosts_;                           // the exported site's hosts ("old.example.com")
  std::string site_origin_;                                   // its first address, for root-relative images
  std::optional<url_parts> media_base_;                       // --media-from when it is a URL
  std::unique_ptr<image_fetcher> fetcher_;                    // made at the first image fetched
  std::vector<std::unique_ptr<image_fetcher>> fetchers_;      // one per thread of prefetch_images
};

class wordpress_import {
 public:
  wordpress_import(store::database& db, const import_options& options, import_report& report)
      : db_(db), options_(options), report_(report) {}

  // Pass 1: the whole file is well-formed and an export we read; gathers what items refer to.
  void check(const std::filesystem::path& file) {
    auto in = open_file(file);
    read_wxr(in, channel_, [&](wxr_item&& item) {
      if (++total_items_ % 500 == 0 && options_.progress) options_.progress(0);
      if (item.post_type == "attachment" && !item.attachment_url.empty())
        attachments_[item.post_id] = item.attachment_url;
      if (item.post_type != "post") return;
      auto language = language_code(item);
      for (const auto& c : item.categories)
        if (c.domain == "post_translations" && !c.nicename.empty() && language)
          if (auto ours = our_language(*language)) groups_[c.nicename].emplace(*ours, std::to_string(item.post_id));
    });
    // Polylang keeps each group's language → post id map in its term: the group holds even when
    // the items do not name it (an export made without "All content").
    for (const auto& term : channel_.terms) {
      if (term.taxonomy != "post_translations") continue;
      auto map = parse_php_id_map(term.description);
      if (!map) {
        report_.problems.push_back("Translation group " + term.slug + ": its description is not readable");
        continue;
      }
      for (const auto& [language, id] : *map)
        if (auto ours = our_language(ours_by_locale(language))) groups_[term.slug].emplace(*ours, std::to_string(id));
    }
    report_.format = "WordPress export (WXR " + channel_.wxr_version + ")";
  }

  // Pass 2: writes (or, dry, decides) each item.
  void write(const std::filesystem::path& file) {
    std::vector<source_author> authors;
    for (const auto& a : channel_.authors) authors.push_back({a.login, a.login, a.email});
    post_writer writer(db_, options_, report_,
                       wordpress_source(channel_.base_site_url.empty() ? channel_.link : channel_.base_site_url),
                       std::move(authors), {channel_.base_site_url, channel_.base_blog_url, channel_.link});
    auto in = open_file(file);
    wxr_channel again;
    std::size_t done = 0;
    int reported = -1;
    read_wxr(in, again, [&](wxr_item&& item) {
      take(writer, item);
      const int percent = static_cast<int>(++done * 99 / std::max<std::size_t>(total_items_, 1));
      if (options_.progress && (percent != reported || done % 500 == 0)) options_.progress(reported = percent);
    });
    report_.not_imported["tags"] = static_cast<int>(tags_.size());
    writer.link(std::move(groups_));
  }

 private:
  // The item's Polylang language: its language term's slug, or that term's locale when the slug
  // is none of ours but the locale is (a site may call Czech "cz"; its term says cs_CZ).
  std::optional<std::string> language_code(const wxr_item& item) const {
    for (const auto& c : item.categories)
      if (c.domain == "language") return ours_by_locale(c.nicename.empty() ? c.name : c.nicename);
    return std::nullopt;
  }

  std::string ours_by_locale(const std::string& code) const {
    if (our_language(code)) return code;
    if (locales_read_ != channel_.terms.size()) {
      // The channel's terms come before its items: read once they are all in.
      locales_.clear();
      for (const auto& term : channel_.terms)
        if (term.taxonomy == "language")
          if (auto locale = polylang_locale(term.description); locale && our_language(*locale))
            locales_[term.slug] = *locale;
      locales_read_ = channel_.terms.size();
    }
    auto found = locales_.find(code);
    return found == locales_.end() ? code : found->second;
  }

  // The "locale" of a Polylang language term's description, a PHP serialised array such as
  // a:3:{s:6:"locale";s:5:"cs_CZ";s:3:"rtl";i:0;...}; nullopt when it has none that reads.
  static std::optional<std::string> polylang_locale(std::string_view description) {
    constexpr std::string_view key = "s:6:\"locale\";s:";
    auto at = description.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    auto rest = description.substr(at + key.size());
    std::size_t length = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), length);
    if (ec != std::errc{} || length == 0 || length > 16) return std::nullopt;
    rest = rest.substr(static_cast<std::size_t>(end - rest.data()));
    if (!rest.starts_with(":\"") || rest.size() < 2 + length + 2 || rest.substr(2 + length, 2) != "\";")
      return std::nullopt;
    return std::string(rest.substr(2, length));
  }

  void take(post_writer& writer, const wxr_item& item) {
    report_.not_imported["comments"] += item.comments;
    for (const auto& c : item.categories)
      if (c.domain == "post_tag") tags_.insert(c.nicename.empty() ? c.name : c.nicename);
    if (item.post_type == "attachment") {
      if (item.post_parent == 0) ++report_.not_imported["attachments without a post"];
      return;
    }
    if (item.post_type == "page") {
      ++report_.not_imported["pages"];
      return;
    }
    if (item.post_type == "nav_menu_item") {
      ++report_.not_imported["menu items"];
      return;
    }
    if (item.post_type != "post") {
      ++report_.not_imported[item.post_type.empty() ? "items of no type" : item.post_type];
      return;
    }
    if (item.status == "trash" || item.status == "auto-draft" || item.status == "inherit") {
      report_.skipped.push_back({std::to_string(item.post_id), "status " + item.status});
      return;
    }
    if (item.post_id <= 0) {
      // Items are remembered by their id: two without one would be taken for one post.
      report_.skipped.push_back({"at line " + std::to_string(item.line), "no wp:post_id (a number) to remember it by"});
      return;
    }
    writer.take(source_of(item));
  }

  source_post source_of(const wxr_item& item) const {
    source_post p;
    p.id = std::to_string(item.post_id);
    p.label = item_name(item);
    // WordPress shows a title as HTML ("<em>Open</em> banking"): its text, on one line (a block
    // tag such as <table> would otherwise leave a line break in it).
    p.title = render::html_to_text(item.title);
    std::ranges::replace(p.title, '\n', ' ');
    p.slug = percent_decode(item.post_name);
    auto converted = convert_wordpress_content(item.content);
    p.content = std::move(converted.html);
    if (!converted.removed.empty()) {
      std::string list;
      for (const auto& s : converted.removed) list += (list.empty() ? "[" : ", [") + s + "]";
      p.problems.push_back(p.label + ": shortcodes removed: " + list);
    }
    p.excerpt = render::html_to_text(item.excerpt);
    for (const auto& c : item.categories)
      if (c.domain == "category") {
        p.category = render::html_to_text(c.name);
        break;
      }
    if (auto thumb = item.meta.find("_thumbnail_id"); thumb != item.meta.end()) {
      long long id = 0;
      std::from_chars(thumb->second.data(), thumb->second.data() + thumb->second.size(), id);
      if (auto url = attachments_.find(id); url != attachments_.end()) p.cover_image = url->second;
    }
    p.language = language_code(item);
    p.published = (item.status == "publish" || item.status == "future") && item.post_password.empty();
    if (!item.post_password.empty()) p.problems.push_back(p.label + ": password-protected, imported unpublished");
    p.published_at_ms = wordpress_time(item.post_date_gmt);
    if (!p.published_at_ms) p.published_at_ms = wordpress_time(item.post_date);
    if (!p.published_at_ms) {
      // A draft has no date yet ("0000-00-00 00:00:00"); any other text that is no date is said.
      for (const auto* date : {&item.post_date_gmt, &item.post_date})
        if (auto text = domain::trim(*date); !text.empty() && !text.starts_with("0000-00-00")) {
          p.problems.push_back(p.label + ": its date \"" + text + "\" is not a date: dated the time of the import");
          break;
        }
    }
    p.author = item.creator;
    if (auto path = url_path(item.link); !path.empty() && answers_with_redirect(path)) p.old_paths.push_back(path);
    // Under the blog's own folder: a site at /blog asked for /blog/?p=ID (/?p=ID was the root site's).
    auto root = url_path(channel_.base_blog_url.empty() ? channel_.base_site_url : channel_.base_blog_url);
    while (root.ends_with('/')) root.pop_back();
    p.old_paths.push_back(root + "/?p=" + p.id);
    std::ranges::sort(p.old_paths);
    p.old_paths.erase(std::unique(p.old_paths.begin(), p.old_paths.end()), p.old_paths.end());
    return p;
  }

  store::database& db_;
  const import_options& options_;
  import_report& report_;
  wxr_channel channel_;
  std::size_t total_items_ = 0;
  std::map<long long, std::string> attachments_;                      // attachment id → URL
  std::map<std::string, std::map<std::string, std::string>> groups_;  // group → language → item id
  // A language term's slug that is none of ours → its locale, which is; read from channel_.terms.
  mutable std::map<std::string, std::string> locales_;
  mutable std::size_t locales_read_ = 0;
  std::set<std::string> tags_;
};

// A Ghost export: one JSON document, read whole (it carries no translations to resolve).
void import_ghost(store::database& db, const std::filesystem::path& file, const import_options& options,
                  import_report& report) {
  auto in = open_file(file);
  // Read into one string (a stringstream and its copy held the file twice).
  std::string text;
  in.seekg(0, std::ios::end);
  if (const auto size = in.tellg(); size > 0) text.reserve(static_cast<std::size_t>(size));
  in.seekg(0);
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  const auto site_url = options.media_from && options.media_from->starts_with("http") ? *options.media_from : "";
  auto site = read_ghost(text, site_url);
  std::string().swap(text);
  report.format = "Ghost export (" + site.version + ")";
  report.not_imported = site.not_imported;
  report.problems = site.problems;
  if (site_url.empty())
    report.problems.push_back(
        "__GHOST_URL__ made root-relative: give --media-from https://old-site to keep it absolute");
  post_writer writer(db, options, report, "ghost", std::move(site.authors));
  std::size_t done = 0;
  for (const auto& post : site.posts) {
    writer.take(post);
    if (options.progress) options.progress(static_cast<int>(++done * 99 / site.posts.size()));
  }
  writer.flush();
}

}  // namespace

import_report run_import(store::database& db, const std::filesystem::path& file, const import_options& options) {
  if (options.language && *options.language != "en" && *options.language != "cs")
    throw invalid("--language takes en or cs");
  std::string head(512, '\0');
  {
    auto in = open_file(file);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
  }
  // Two imports never run at once (their slugs, authors and links would cross); a dry run writes
  // nothing and needs no turn.
  std::optional<store::import_lock> turn;
  if (!options.dry_run) turn.emplace(db);
  if (looks_like_gzip(head)) return import_site_archive(db, file, options);
  import_report report;
  if (looks_like_json(head)) {
    import_ghost(db, file, options, report);
    return report;
  }
  if (!looks_like_xml(head))
    throw invalid("Unknown format: " + file.string() +
                  " is neither a WordPress export (XML), a Ghost export (JSON) nor a PayTech Blog export (.tar.gz)");
  wordpress_import run(db, options, report);
  run.check(file);
  run.write(file);
  return report;
}

// The web app translates these texts in web/src/features/admin-import/utils/report-messages.ts: change them there too.
std::string report_json(const import_report& r) {
  boost::json::array skipped;
  for (const auto& s : r.skipped) skipped.push_back({{"id", s.id}, {"reason", s.reason}});
  boost::json::object not_imported, other_languages;
  for (const auto& [what, n] : r.not_imported)
    if (n > 0) not_imported[what] = n;
  for (const auto& [language, n] : r.other_languages) other_languages[language] = n;
  boost::json::array problems;
  for (const auto& p : r.problems) problems.emplace_back(p);
  return boost::json::serialize(boost::json::object{{"format", r.format},
                                                    {"created", r.created},
                                                    {"updated", r.updated},
                                                    {"unchanged", r.unchanged},
                                                    {"skipped", std::move(skipped)},
                                                    {"categoriesCreated", r.categories_created},
                                                    {"authorsCreated", r.authors_created},
                                                    {"pairsLinked", r.pairs_linked},
                                                    {"imagesStored", r.images_stored},
                                                    {"redirectsAdded", r.redirects_added},
                                                    {"notImported", std::move(not_imported)},
                                                    {"otherLanguages", std::move(other_languages)},
                                                    {"problems", std::move(problems)}});
}

std::string format_report(const import_report& r, bool dry_run) {
  std::ostringstream out;
  out << (dry_run ? "Dry run (nothing written) of " : "Imported ") << r.format << ":\n";
  out << "  posts created: " << r.created << "\n";
  out << "  posts updated: " << r.updated << "\n";
  out << "  posts unchanged: " << r.unchanged << "\n";
  out << "  posts skipped: " << r.skipped.size() << "\n";
  for (const auto& s : r.skipped) out << "    item " << s.id << ": " << s.reason << "\n";
  out << "  categories created: " << r.categories_created << "\n";
  out << "  authors created: " << r.authors_created << "\n";
  out << "  translation pairs linked: " << r.pairs_linked << "\n";
  out << "  images stored: " << r.images_stored << "\n";
  if (dry_run) {
    out << "  images to fetch: " << r.images_to_fetch.size() << "\n";
    for (const auto& image : r.images_to_fetch) out << "    " << image << "\n";
  }
  out << "  redirects added: " << r.redirects_added << "\n";
  for (const auto& [what, n] : r.not_imported)
    if (n > 0) out << "  not imported, " << what << ": " << n << "\n";
  for (const auto& [language, n] : r.other_languages)
    out << "  not imported, in language " << language << ": " << n << "\n";
  out << "  problems: " << r.problems.size() << "\n";
  for (const auto& p : r.problems) out << "    " << p << "\n";
  return out.str();
}

}  // namespace blog::import
