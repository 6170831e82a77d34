// The render module in one include: safe HTML, plain text, excerpts and slugs of posts.
#pragma once

#include <blog/domain/render/html.hpp>
#include <blog/domain/render/post_content.hpp>
#include <blog/domain/render/slug.hpp>
#include <blog/domain/render/text.hpp>
