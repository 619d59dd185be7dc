/** The blog: posts in up to four languages, Markdown rendered safely, covers, drafts and publishing. The folder's only door. */
export { BLOG_LIST_TAG, BLOG_POSTS, BLOG_SLUGS, BlogError, blogTags, displayLang, isBlogError, textOf, type BlogCover, type BlogErrorCode, type BlogPost } from "./model";
export { markdownToText, renderMarkdown, sanitizeBlogHtml } from "./markdown";
export { createBlogService, type BlogService } from "./service";
export { blogCoverPrefix, type SavePostInput } from "./writing";
