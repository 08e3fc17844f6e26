export { CategorySidebar } from './CategorySidebar';
export type { CategorySidebarProps, CategorySidebarVariant } from './CategorySidebar';
export { useGetCategoriesQuery, flattenCategories } from './categoriesApi';
export { categoryHref, isTopCategory } from './categoryLinks';
export { categoryPicture } from './categoryPicture';
