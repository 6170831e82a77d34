// The render module in one include: safe HTML, plain text, excerpts and slugs of posts.
#pragma once

#include <blog/render/html.hpp>
#include <blog/render/post_content.hpp>
#include <blog/render/slug.hpp>
#include <blog/render/text.hpp>
