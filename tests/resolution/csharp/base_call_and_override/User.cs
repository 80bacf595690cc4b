namespace App
{
    public class User
    {
        void Use(Child child)
        {
            child.Save();
        }
    }
}
